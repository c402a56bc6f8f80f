import { randomBytes } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { twoFactorSetupSchema } from "@keyholder/contracts/two-factor";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import { asSystem, type DatabaseHandle } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { createApprovedOrganization } from "../demo/create-organization.ts";

const PASSWORD = "Sealed-Secret-123!";
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
type Rows<T> = { rows: T[] };

/** Issue item 17: authenticator secrets are kept encrypted; plain ones from before are sealed at start. */
describe("two-factor secrets at rest", () => {
  let database: DatabaseHandle;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  const key = randomBytes(32).toString("hex");
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });
  const start = async (env: Env, on: DatabaseHandle = database) => {
    const app = await buildApp({ env, database: on, webDist: "/nonexistent" });
    apps.push(app);
    await app.ready();
    return app;
  };
  const call = (app: Awaited<ReturnType<typeof buildApp>>, url: string, payload: object, cookies = {}) =>
    app.inject({
      method: "POST",
      url: `/api/v1${url}`,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload,
      cookies,
    });
  const stored = async () =>
    asSystem(database.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select secret, pending_secret from user_two_factor order by user_id`,
      )) as unknown as Rows<{ secret: string | null; pending_secret: string | null }>;
      return rows;
    });
  /** Password and code: whether a session opens. */
  const signIn = async (app: Awaited<ReturnType<typeof buildApp>>, email: string, code: string) => {
    const login = await call(app, "/auth/login", { username: email, password: PASSWORD });
    expect(login.json()).toMatchObject({ two_factor_required: true });
    const challenge = login.cookies.find((c) => c.name === "kh_2fa")?.value ?? "";
    return call(app, "/auth/two-factor", { code }, { kh_2fa: challenge });
  };

  it("keeps a new secret encrypted under ENCRYPTION_KEY, pending and confirmed, and signs in with it", async () => {
    const app = await start(testEnv({ ENCRYPTION_KEY: key }));
    const email = "sealed@example.com";
    await createApprovedOrganization(database.db, {
      name: "Sealed Homes",
      email,
      password: PASSWORD,
      firstName: "S",
      lastName: "H",
    });
    const login = await call(app, "/auth/login", { username: email, password: PASSWORD });
    const cookies = { kh_session: login.cookies.find((c) => c.name === "kh_session")?.value ?? "" };
    const setup = twoFactorSetupSchema.parse((await call(app, "/account/two-factor/setup", {}, cookies)).json());
    const [pending] = await stored();
    expect(pending?.pending_secret).toMatch(/^v1:/);
    expect(pending?.pending_secret).not.toContain(setup.secret);
    const enabled = await call(
      app,
      "/account/two-factor/enable",
      { password: PASSWORD, code: codeOf(setup.secret) },
      cookies,
    );
    expect(enabled.statusCode, enabled.body).toBe(200);
    const [row] = await stored();
    expect(row?.secret).toMatch(/^v1:/);
    expect(JSON.stringify(await stored())).not.toContain(setup.secret);
    expect((await signIn(app, email, codeOf(setup.secret, 1))).statusCode).toBe(200);
  });

  it("seals the plain secrets stored before at start, and they keep working", async () => {
    const email = "legacy@example.com";
    const org = await createApprovedOrganization(database.db, {
      name: "Legacy Homes",
      email,
      password: PASSWORD,
      firstName: "L",
      lastName: "H",
    });
    const plain = new Secret({ size: 20 }).base32;
    await asSystem(database.db, async (tx) => {
      await tx.execute(sql`insert into user_two_factor (organization_id, user_id, secret, enabled_at)
        values (${org.orgId}, ${org.adminUserId}, ${plain}, now())`);
      await tx.execute(sql`update users set two_factor_enabled = true where id = ${org.adminUserId}`);
    });
    const app = await start(testEnv({ ENCRYPTION_KEY: key }));
    const rows = await stored();
    expect(rows.every((r) => r.secret?.startsWith("v1:"))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(plain);
    expect((await signIn(app, email, codeOf(plain))).statusCode).toBe(200);
  });

  it("refuses to start with another key than the one the secrets were sealed with", async () => {
    const other = testEnv({ ENCRYPTION_KEY: randomBytes(32).toString("base64") });
    await expect(start(other)).rejects.toThrow(/encrypted with another key: set ENCRYPTION_KEY/);
  });

  it("makes and keeps an owner-only key in DATA_DIR for the embedded default", async () => {
    const own = await createTestDatabase();
    try {
      const env = testEnv();
      await start(env, own);
      const file = path.join(env.DATA_DIR, "encryption.key");
      const made = readFileSync(file, "utf8");
      expect(made.trim()).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const org = await createApprovedOrganization(own.db, {
        name: "Embedded Homes",
        email: "embedded@example.com",
        password: PASSWORD,
        firstName: "E",
        lastName: "H",
      });
      const plain = new Secret({ size: 20 }).base32;
      await asSystem(own.db, (tx) =>
        tx.execute(sql`insert into user_two_factor (organization_id, user_id, secret)
          values (${org.orgId}, ${org.adminUserId}, ${plain})`),
      );
      // The next start seals with the same key, and the one after opens what it sealed.
      await start(env, own);
      await start(env, own);
      expect(readFileSync(file, "utf8")).toBe(made);
    } finally {
      for (const app of apps.splice(0)) await app.close();
      await own.close();
    }
  });
});
