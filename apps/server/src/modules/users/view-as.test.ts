import { sessionSchema } from "@keyholder/contracts/auth";
import { historySchema } from "@keyholder/contracts/history";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { hashPassword } from "../../lib/passwords.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;

describe("View as: an administrator previews a user's workspace, read-only", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Org;
  let staffId = 0;
  let property = "";

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInOrganization(t, "Preview Homes", { scale: 150, seed: 3 });
    const hash = await hashPassword("Preview-Pass-123!");
    staffId = await asSystem(t.db, async (tx) => {
      const p = (await tx.execute(sql`select id from properties where organization_id = ${admin.orgId}
        order by name limit 1`)) as unknown as { rows: { id: string }[] };
      property = String(p.rows[0]?.id);
      const u =
        (await tx.execute(sql`insert into users (organization_id, role_id, username, password_hash, all_properties)
        values (${admin.orgId}, (select id from roles where name = 'STAFF'), 'previewed@example.com', ${hash}, false)
        returning id`)) as unknown as { rows: { id: number }[] };
      const id = Number(u.rows[0]?.id);
      await tx.execute(sql`insert into user_properties (organization_id, user_id, property_id)
        values (${admin.orgId}, ${id}, ${property})`);
      return id;
    });
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => admin,
  );

  it("sees what the user sees, changes nothing, is recorded, and ends", async () => {
    expect((await send("POST", `/users/${admin.adminUserId}/view-as`)).statusCode).toBe(409);
    const start = await send("POST", `/users/${staffId}/view-as`);
    expect(start.statusCode, start.body).toBe(200);
    const previewed = sessionSchema.parse(start.json());
    expect(previewed.user.username).toBe("previewed@example.com");
    expect(previewed.preview?.viewer_id).toBe(admin.adminUserId);
    expect(sessionSchema.parse((await send("GET", "/auth/session")).json()).preview?.viewer_id).toBe(admin.adminUserId);

    const properties = (await send("GET", "/properties/details")).json() as { properties: { id: string }[] };
    expect(properties.properties.map((p) => p.id)).toEqual([property]);
    expect((await send("GET", "/staff/details")).statusCode).toBe(403);
    for (const [method, url, payload] of [
      ["PATCH", "/account/profile", { first_name: "X", last_name: "Y", preferred_name: "", phone: "5551234567" }],
      ["POST", "/buildings/delete", { ids: [1] }],
      ["POST", "/users/1/view-as", undefined],
    ] as const) {
      const res = await send(method, url, payload ? { payload } : {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe("PREVIEW_READ_ONLY");
    }

    const stop = await send("DELETE", "/auth/view-as");
    expect(stop.statusCode, stop.body).toBe(200);
    expect(sessionSchema.parse(stop.json())).toMatchObject({ preview: null, user: { id: admin.adminUserId } });
    expect((await send("GET", "/staff/details")).statusCode).toBe(200);

    const history = historySchema.parse((await send("GET", `/users/${staffId}/history`)).json()).history;
    expect(history.map((h) => h.changes.preview)).toEqual([
      { from: "started", to: null },
      { from: null, to: "started" },
    ]);
    expect(history.every((h) => h.changed_by?.id === admin.adminUserId)).toBe(true);
  });

  it("is for administrators only", async () => {
    const login = await send("POST", "/auth/login", {
      org: null,
      payload: { username: "previewed@example.com", password: "Preview-Pass-123!" },
    });
    const staff = { ...admin, cookie: login.cookies.find((c) => c.name === "kh_session")?.value ?? "" };
    expect((await send("POST", `/users/${admin.adminUserId}/view-as`, { org: staff })).statusCode).toBe(403);
  });
});
