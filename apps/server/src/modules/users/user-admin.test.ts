import { authMessages } from "@keyholder/contracts/auth";
import { historySchema } from "@keyholder/contracts/history";
import { USER_STATUSES, userListSchema, userRowSchema } from "@keyholder/contracts/users";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { hashPassword } from "../../lib/passwords.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const PASSWORD = "Admin-Test-123!";

describe("user administration", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  const ids: Record<string, number> = {};

  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const login = (email: string) =>
    send("POST", "/auth/login", { org: null, payload: { username: email, password: PASSWORD } });
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === "kh_session")?.value ?? "";

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Alpha Users", { password: PASSWORD });
    bravo = await signedInOrganization(t, "Bravo Users");
    const hash = await hashPassword(PASSWORD);
    for (const [key, role] of [
      ["second", "ADMIN"],
      ["sam", "STAFF"],
    ] as const) {
      ids[key] = await asSystem(t.db, async (tx) => {
        const person = (await tx.execute(sql`insert into persons (organization_id, first_name, last_name, email)
          values (${alpha.orgId}, ${key}, 'Tester', ${`${key}@alpha-users.example`}) returning id`)) as unknown as {
          rows: { id: number }[];
        };
        const user =
          (await tx.execute(sql`insert into users (organization_id, person_id, role_id, username, password_hash)
          values (${alpha.orgId}, ${person.rows[0]?.id}, (select id from roles where name = ${role}),
            ${`${key}@alpha-users.example`}, ${hash}) returning id`)) as unknown as { rows: { id: number }[] };
        return Number(user.rows[0]?.id);
      });
    }
  });
  afterAll(() => t.close());

  const patch = (id: number, payload: unknown, org: Org = alpha) => send("PATCH", `/users/${id}`, { org, payload });
  const history = async (id: number) => historySchema.parse((await send("GET", `/users/${id}/history`)).json()).history;

  it("lists the organization's users with role, standing and last login; Administrators is a filter", async () => {
    const res = await send("GET", "/users/details");
    expect(res.statusCode, res.body).toBe(200);
    const list = userListSchema.parse(res.json());
    expect(list.total_count).toBe(3);
    expect(list.users.map((u) => u.username).sort()).toEqual(
      [alpha.email, "second@alpha-users.example", "sam@alpha-users.example"].sort(),
    );
    expect(list.users.every((u) => u.status === USER_STATUSES.active)).toBe(true);
    expect(list.users.find((u) => u.username === alpha.email)?.last_login).not.toBeNull();
    const admins = await send(
      "GET",
      `/users/details?conditions=${encodeURIComponent(JSON.stringify([{ column: "role", op: "equals", value: "Administrator" }]))}`,
    );
    expect(userListSchema.parse(admins.json()).users.map((u) => u.role.role_name)).toEqual(["ADMIN", "ADMIN"]);
  });

  it("changes a role, locks, disables and signs out, each at once and in the history", async () => {
    const sam = ids.sam ?? 0;
    const samSession = { ...alpha, cookie: cookieOf(await login("sam@alpha-users.example")) };
    expect((await send("GET", "/properties/details", { org: samSession })).statusCode).toBe(200);
    expect((await send("DELETE", "/buildings/1", { org: samSession })).statusCode).toBe(403);

    const promoted = await patch(sam, { role: "PROPERTY_MANAGER" });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(userRowSchema.parse(promoted.json()).role.display_name).toBe("Property Manager");
    // The same session has the new role from its next request.
    expect((await send("DELETE", "/buildings/1", { org: samSession })).statusCode).toBe(404);

    const locked = await patch(sam, { locked: true });
    expect(userRowSchema.parse(locked.json()).status).toBe(USER_STATUSES.locked);
    expect((await send("GET", "/properties/details", { org: samSession })).statusCode).toBe(401);
    const refused = await login("sam@alpha-users.example");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(authMessages.accountLocked);

    await patch(sam, { locked: false, enabled: false });
    expect((await login("sam@alpha-users.example")).statusCode).toBe(403);
    await patch(sam, { enabled: true });
    const back = { ...alpha, cookie: cookieOf(await login("sam@alpha-users.example")) };
    expect((await send("GET", "/properties/details", { org: back })).statusCode).toBe(200);

    const out = await send("POST", `/users/${sam}/sign-out`);
    expect(out.statusCode, out.body).toBe(200);
    expect((await send("GET", "/properties/details", { org: back })).statusCode).toBe(401);

    const entries = await history(sam);
    expect(entries.every((e) => e.changed_by?.id === alpha.adminUserId)).toBe(true);
    expect(entries.at(-1)?.changes.role).toEqual({ from: "STAFF", to: "PROPERTY_MANAGER" });
    expect(entries.some((e) => JSON.stringify(e.changes.locked) === JSON.stringify({ from: false, to: true }))).toBe(
      true,
    );
    expect(entries[0]?.changes.sessions).toBeDefined();
  });

  it("keeps the last active administrator one", async () => {
    const second = ids.second ?? 0;
    expect((await patch(second, { enabled: false })).statusCode).toBe(200);
    const demote = await patch(alpha.adminUserId, { role: "STAFF" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe("LAST_ADMINISTRATOR");
    const own = await patch(alpha.adminUserId, { enabled: false });
    expect(own.statusCode).toBe(409);
    // With a second active administrator again, the first may step down.
    await patch(second, { enabled: true });
    const secondSession = { ...alpha, cookie: cookieOf(await login("second@alpha-users.example")) };
    expect((await patch(alpha.adminUserId, { role: "STAFF" })).statusCode).toBe(200);
    expect((await send("GET", "/users/details")).statusCode).toBe(403);
    const lastOne = await patch(second, { role: "READ_ONLY" }, secondSession);
    expect(lastOne.statusCode).toBe(409);
    expect((await patch(alpha.adminUserId, { role: "ADMIN" }, secondSession)).statusCode).toBe(200);
  });

  it("resets two-factor sign-in", async () => {
    const sam = ids.sam ?? 0;
    await asSystem(t.db, (tx) => tx.execute(sql`update users set two_factor_enabled = true where id = ${sam}`));
    const res = await send("POST", `/users/${sam}/reset-two-factor`);
    expect(res.statusCode, res.body).toBe(200);
    expect(userRowSchema.parse(res.json()).two_factor_enabled).toBe(false);
    expect((await history(sam))[0]?.changes.two_factor_enabled).toEqual({ from: true, to: false });
  });

  it("refuses banned accounts at login as the spec says, and keeps organizations apart", async () => {
    await asSystem(t.db, (tx) => tx.execute(sql`update users set banned = true where id = ${ids.second ?? 0}`));
    const banned = await login("second@alpha-users.example");
    expect(banned.statusCode).toBe(403);
    expect(banned.json().error.message).toBe(authMessages.accountLocked);
    await asSystem(t.db, (tx) => tx.execute(sql`update users set banned = false where id = ${ids.second ?? 0}`));

    for (const [method, url] of [
      ["GET", `/users/${ids.sam}`],
      ["POST", `/users/${ids.sam}/sign-out`],
      ["POST", `/users/${ids.sam}/reset-two-factor`],
      ["GET", `/users/${ids.sam}/history`],
    ] as const) {
      expect((await send(method, url, { org: bravo })).statusCode, url).toBe(404);
    }
    expect((await patch(ids.sam ?? 0, { locked: true }, bravo)).statusCode).toBe(404);
    const list = userListSchema.parse((await send("GET", "/users/details", { org: bravo })).json());
    expect(list.users.map((u) => u.username)).toEqual([bravo.email]);
  });
});
