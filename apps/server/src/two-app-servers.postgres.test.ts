import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { sql } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEnv } from "../test/test-app.ts";
import { buildApp } from "./app.ts";
import { type DatabaseHandle, openDatabase } from "./db/client.ts";
import { createApprovedOrganization } from "./modules/demo/create-organization.ts";

// Where one process is not enough: two app servers behind a load balancer, one PostgreSQL database
// and one S3-compatible store. Whatever a user does through one must hold on the other.
describe("two app servers on one database and one file store", () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), "keyholder-two-s3-"));
  let s3: S3rver;
  let database: DatabaseHandle;
  let second: DatabaseHandle;
  let one: Awaited<ReturnType<typeof buildApp>>;
  let two: Awaited<ReturnType<typeof buildApp>>;
  const password = "Two-Servers-Pass-1!";

  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: "uploads", configs: [] }],
    });
    const address = (await s3.run()) as { port: number };
    const env = () =>
      testEnv({
        STORAGE_BACKEND: "s3",
        S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
        S3_BUCKET: "uploads",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      });
    database = await createTestDatabase();
    // The second server has its own connection pool, as another process would.
    const rows = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    url.pathname = `/${rows.rows[0]?.name}`;
    second = await openDatabase({ url: url.toString(), dataDir: "" });
    one = await buildApp({ env: env(), database, webDist: "/nonexistent" });
    two = await buildApp({ env: env(), database: second, webDist: "/nonexistent" });
    await Promise.all([one.ready(), two.ready()]);
    for (const name of ["shared", "guarded"]) {
      await createApprovedOrganization(database.db, {
        name: `Two ${name}`,
        email: `${name}@two.example.com`,
        password,
        firstName: name,
        lastName: "Admin",
      });
    }
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await second.close();
    await database.close();
    await s3.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const login = (app: typeof one, username: string, pass: string, remoteAddress = "198.51.100.20") =>
    app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: { username, password: pass },
      remoteAddress,
    });

  it("keeps a session made on one server signed in on the other, and a logout on the other ends it", async () => {
    const res = await login(one, "shared@two.example.com", password);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "kh_session")?.value ?? "";
    const session = await two.inject({ method: "GET", url: "/api/v1/auth/session", cookies: { kh_session: cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.username).toBe("shared@two.example.com");
    await two.inject({
      method: "POST",
      url: "/api/v1/auth/logout",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: cookie },
    });
    expect(
      (await one.inject({ method: "GET", url: "/api/v1/auth/session", cookies: { kh_session: cookie } })).statusCode,
    ).toBe(401);
  });

  it("holds a login limit reached through one server on the other", async () => {
    for (let i = 0; i < 10; i++) {
      const server = i % 2 === 0 ? one : two;
      expect((await login(server, "guarded@two.example.com", "Wrong-Pass-123")).statusCode).toBe(401);
    }
    expect((await login(one, "guarded@two.example.com", password)).statusCode).toBe(429);
    expect((await login(two, "guarded@two.example.com", password)).statusCode).toBe(429);
  });

  it("serves an image uploaded through one server from the other", async () => {
    const res = await login(one, "shared@two.example.com", password, "198.51.100.21");
    const cookie = res.cookies.find((c) => c.name === "kh_session")?.value ?? "";
    const boundary = "----two-servers";
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    const upload = await one.inject({
      method: "POST",
      url: "/api/v1/organization-logos",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: cookie },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(201);
    const served = await two.inject({ method: "GET", url: upload.json().url, cookies: { kh_session: cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.rawPayload.subarray(8, 12).toString()).toBe("WEBP");
  });
});
