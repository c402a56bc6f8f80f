import { defaultOpeningHours } from "@keyholder/contracts/opening-hours";
import { permissionMessages } from "@keyholder/contracts/permissions";
import { userPropertiesSchema } from "@keyholder/contracts/users";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { hashPassword } from "../../lib/passwords.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;
const PASSWORD = "Scope-Pass-123!";

describe("a user who works on some properties sees and changes only theirs", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Org;
  let staff: Org & { userId: number };
  let manager: Org & { userId: number };
  let a: string;
  let b: string;

  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const one = async <T>(query: ReturnType<typeof sql>) =>
    asSystem(t.db, async (tx) => rows<T>(await tx.execute(query))[0] as T);

  /** A user of `role` in the admin's organization, signed in through the login route. */
  async function userWithRole(role: string, email: string) {
    const hash = await hashPassword(PASSWORD);
    const { id } = await one<{ id: number }>(sql`insert into users (organization_id, role_id, username, password_hash)
      values (${admin.orgId}, (select id from roles where name = ${role}), ${email}, ${hash}) returning id`);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "x-keyholder-request": "1" },
      payload: { username: email, password: PASSWORD },
    });
    const cookie = res.cookies.find((c) => c.name === "kh_session")?.value;
    if (!cookie) throw new Error(res.body);
    return { ...admin, cookie, userId: Number(id) };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInOrganization(t, "Scoped Homes", { scale: 400, seed: 7 });
    const props = await asSystem(t.db, async (tx) =>
      rows<{ id: string }>(
        await tx.execute(sql`select p.id from properties p where organization_id = ${admin.orgId}
          and exists (select 1 from buildings b where b.property_id = p.id)
          and exists (select 1 from zones z where z.property_id = p.id)
          order by p.total_units desc, p.id`),
      ),
    );
    if (props.length < 2) throw new Error("the demo data needs two properties with buildings and zones");
    a = String(props[0]?.id);
    b = String(props[1]?.id);
    staff = await userWithRole("STAFF", "scoped.staff@example.com");
    manager = await userWithRole("PROPERTY_MANAGER", "scoped.manager@example.com");
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => admin,
  );
  const assign = async (userId: number, payload: unknown) => {
    const res = await send("PUT", `/users/${userId}/properties`, { payload });
    expect(res.statusCode, res.body).toBe(200);
    return userPropertiesSchema.parse(res.json());
  };
  const get = async (url: string, org: Org = staff) => {
    const res = await send("GET", url, { org });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };
  const count = (table: string, property: string) =>
    one<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(table)} where organization_id = ${admin.orgId} and property_id = ${property}`,
    ).then((r) => Number(r.n));

  it("sees only property A's records, with totals of A alone", async () => {
    expect(await assign(staff.userId, { all_properties: false, property_ids: [a] })).toMatchObject({
      all_properties: false,
      properties: [{ id: a }],
    });

    const properties = await get("/properties/details");
    expect((properties.body.properties as { id: string }[]).map((p) => p.id)).toEqual([a]);
    expect(properties.body.total_count).toBe(1);

    const buildings = await get("/buildings/details?limit=2000");
    expect((buildings.body.buildings as { property_id: string }[]).every((x) => x.property_id === a)).toBe(true);
    expect(buildings.body.total_count).toBe(await count("buildings", a));

    const units = await get("/units?limit=2000");
    expect((units.body.units as { property_id: string }[]).every((u) => u.property_id === a)).toBe(true);
    expect(units.body.total_count).toBe(await count("units", a));
    // A filter answered from the organization-wide dictionary for everyone else is counted here.
    const vacant = await get(`/units?limit=2000&filters=${encodeURIComponent(JSON.stringify({ status: "Vacant" }))}`);
    const vacantInA = await one<{ n: number }>(
      sql`select count(*)::int as n from units where property_id = ${a} and not occupied`,
    );
    expect(vacant.body.total_count).toBe(Number(vacantInA.n));

    const zones = await get("/zones?limit=2000");
    expect((zones.body.zones as { property_id: string }[]).map((z) => z.property_id)).toEqual(
      Array((zones.body.zones as unknown[]).length).fill(a),
    );
    expect(zones.body.total_count).toBe(await count("zones", a));

    const plans = await get("/floor-plans?limit=2000");
    expect(
      (plans.body.floor_plans as { property_id: string | null }[]).every(
        (p) => p.property_id === a || p.property_id === null,
      ),
    ).toBe(true);

    const picker = await get("/properties/get-id-name?page-size=50");
    expect((picker.body.data as { id: string }[]).map((p) => p.id)).toEqual([a]);
  });

  it("does not find property B: not by id, search, overview, history, related items or writes", async () => {
    const nameOfB = (await one<{ name: string }>(sql`select name from properties where id = ${b}`)).name;
    const search = await get(`/properties/search?query=${encodeURIComponent(nameOfB)}`);
    expect((search.body.properties as { id: string }[]).some((p) => p.id === b)).toBe(false);

    for (const url of [`/properties/${b}`, `/properties/${b}/overview`, `/properties/${b}/history`]) {
      expect((await get(url)).status, url).toBe(404);
    }
    const buildingOfB = await one<{ id: number }>(sql`select id from buildings where property_id = ${b} limit 1`);
    const zoneOfB = await one<{ id: number }>(sql`select id from zones where property_id = ${b} limit 1`);
    for (const url of [
      `/buildings/${buildingOfB.id}`,
      `/buildings/${buildingOfB.id}/history`,
      `/zones/${zoneOfB.id}`,
      `/zones/${zoneOfB.id}/overview`,
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
    const related = await get(`/buildings/count-by-property?property-id=${b}`);
    expect(related.status === 404 || related.body.count === 0, JSON.stringify(related)).toBe(true);

    // Moving a building of A to B is refused with a message, never a server error.
    const buildingOfA = await one<{ id: number; name: string; number_of_units: number; building_type: number }>(
      sql`select id, name, number_of_units, building_type_id as building_type from buildings where property_id = ${a} limit 1`,
    );
    const moved = await send("PUT", `/buildings/${buildingOfA.id}`, {
      org: staff,
      payload: {
        name: buildingOfA.name,
        building_number: null,
        number_of_units: buildingOfA.number_of_units,
        building_type: buildingOfA.building_type,
        property_id: b,
        zone_id: null,
      },
    });
    expect([400, 403, 404]).toContain(moved.statusCode);
  });

  it("refuses a property manager's new property, so nobody widens their own scope; an administrator adds it", async () => {
    await assign(manager.userId, { all_properties: false, property_ids: [b] });
    const typeId = (await one<{ id: number }>(sql`select id from property_types order by id limit 1`)).id;
    const payload = (name: string) => ({
      name,
      property_type_id: typeId,
      property_manager_id: null,
      show_property_online: false,
      opening_hours: defaultOpeningHours(),
      address: { address_line_1: "1 Main St", city: "Austin", state_code: "TX", zipcode: "78701" },
    });
    const before = await one<{ n: number }>(
      sql`select count(*)::int as n from properties where organization_id = ${admin.orgId}`,
    );
    const res = await send("POST", "/properties/with-address", { org: manager, payload: payload("Manager's Place") });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(permissionMessages.denied("Property Manager", "properties.create"));
    // Nothing was stored, and the manager still works on B alone.
    const after = await one<{ n: number }>(
      sql`select count(*)::int as n from properties where organization_id = ${admin.orgId}`,
    );
    expect(after.n).toBe(before.n);
    const mine = await get("/properties/details", manager);
    expect((mine.body.properties as { id: string }[]).map((p) => p.id)).toEqual([b]);
    const listed = await send("GET", `/users/${manager.userId}/properties`);
    expect(userPropertiesSchema.parse(listed.json()).properties.map((p) => p.id)).toEqual([b]);
    // The session offers the manager no Add for properties.
    const session = await send("GET", "/auth/session", { org: manager });
    expect(session.json().user.permissions).toContain("records.edit");
    expect(session.json().user.permissions).not.toContain("properties.create");

    // A manager of every property may not either: adding properties is the administrators'.
    await assign(manager.userId, { all_properties: true });
    const all = await send("POST", "/properties/with-address", { org: manager, payload: payload("Manager's Place") });
    expect(all.statusCode, all.body).toBe(403);
    const byAdmin = await send("POST", "/properties/with-address", { payload: payload("Administrator's Place") });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });

  it("counts a change from the next request, refuses unknown properties and lists for administrators", async () => {
    await assign(staff.userId, { all_properties: true });
    const all = await get("/properties/details");
    const total = await one<{ n: number }>(
      sql`select count(*)::int as n from properties where organization_id = ${admin.orgId}`,
    );
    expect(all.body.total_count).toBe(Number(total.n));

    const unknown = await send("PUT", `/users/${staff.userId}/properties`, {
      payload: { all_properties: false, property_ids: ["00000000-0000-4000-8000-000000000000"] },
    });
    expect(unknown.statusCode).toBe(400);
    const own = await send("PUT", `/users/${admin.adminUserId}/properties`, {
      payload: { all_properties: false, property_ids: [a] },
    });
    expect(own.statusCode).toBe(409);

    // No property at all: nothing to see, and no error.
    await assign(staff.userId, { all_properties: false, property_ids: [] });
    expect((await get("/properties/details")).body.total_count).toBe(0);
    expect((await get("/units")).body.total_count).toBe(0);
  });

  it("keeps another organization's users out of reach", async () => {
    const other = await signedInOrganization(t, "Other Scope");
    const res = await send("PUT", `/users/${staff.userId}/properties`, {
      org: other,
      payload: { all_properties: true },
    });
    expect(res.statusCode).toBe(404);
  });
});
