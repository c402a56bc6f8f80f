import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { type UnitFormInput, unitListSchema, unitResponseSchema } from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gridValuesDrift } from "../../../test/grid-values-drift.ts";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

/**
 * The unit counters of buildings and properties, the units' row count and the units grid's value
 * dictionary are kept by triggers (migrations 0005, 0013, 0014, 0016, 0017). Through every write the units API offers (create, edit, moves
 * between buildings and properties, occupancy changes, delete, bulk delete, Undo) and a building's
 * move, they must equal what counting the units gives.
 */
describe("unit counters through the units API", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Awaited<ReturnType<typeof signedInOrganization>>;
  let bravo: Awaited<ReturnType<typeof signedInOrganization>>;
  /** Two of alpha's properties, each with two buildings and a floor plan. */
  let places: { propertyId: string; buildings: number[]; plan: number }[];

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await asSystem(t.db, (tx) => tx.execute(query))) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "alpha", { scale: 200, seed: 61 });
    bravo = await signedInOrganization(t, "bravo", { scale: 100, seed: 62 });
    const found = await rows<{ id: string; b1: number; b2: number; plan: number }>(sql`
      select p.id,
        (select min(b.id) from buildings b where b.organization_id = p.organization_id and b.property_id = p.id) as b1,
        (select max(b.id) from buildings b where b.organization_id = p.organization_id and b.property_id = p.id) as b2,
        (select min(f.id) from floor_plans f where f.organization_id = p.organization_id and f.property_id = p.id) as plan
      from properties p where p.organization_id = ${alpha.orgId} order by p.id`);
    places = found
      .filter((r) => Number(r.b1) !== Number(r.b2))
      .map((r) => ({ propertyId: String(r.id), buildings: [Number(r.b1), Number(r.b2)], plan: Number(r.plan) }));
    expect(places.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(() => t.close());

  /** The rows of `table` whose unit counters differ from counting the units that `link` to them. */
  const counterDrift = (table: "buildings" | "properties", link: "building_id" | "property_id") =>
    rows(sql`
      select t.organization_id, t.id, t.total_units, t.occupied_units, coalesce(u.total, 0) as total, coalesce(u.occupied, 0) as occupied
      from ${sql.identifier(table)} t
      left join (select organization_id, ${sql.identifier(link)} as id, count(*)::int as total,
                        count(*) filter (where occupied)::int as occupied
                 from units group by 1, 2) u on u.organization_id = t.organization_id and u.id = t.id
      where t.total_units <> coalesce(u.total, 0) or t.occupied_units <> coalesce(u.occupied, 0)`);
  /** Every building and property whose counters differ from counting their units, and every stale unit row count. */
  const drift = async () => ({
    buildings: await counterDrift("buildings", "building_id"),
    properties: await counterDrift("properties", "property_id"),
    rowCounts: await rows(sql`
      select o.id, coalesce(c.row_count, 0)::int as kept, (select count(*)::int from units u where u.organization_id = o.id) as actual
      from organizations o
      left join organization_row_counts c on c.organization_id = o.id and c.table_name = 'units'
      where coalesce(c.row_count, 0) <> (select count(*) from units u where u.organization_id = o.id)`),
    gridValues: await rows(gridValuesDrift),
  });
  const exact = { buildings: [], properties: [], rowCounts: [], gridValues: [] };

  /** Counters of some buildings and properties, as the tables hold them. */
  const counters = async () => ({
    buildings: await rows<{ id: number; total: number; occupied: number }>(sql`
      select id, total_units as total, occupied_units as occupied from buildings
      where organization_id = ${alpha.orgId} and id = any(${`{${places.flatMap((p) => p.buildings).join(",")}}`}::bigint[])
      order by id`),
    properties: await rows<{ id: string; total: number; occupied: number }>(sql`
      select id, total_units as total, occupied_units as occupied from properties
      where organization_id = ${alpha.orgId} and id = any(${`{${places.map((p) => p.propertyId).join(",")}}`}::uuid[])
      order by id`),
  });

  const send = (method: "POST" | "PUT" | "DELETE" | "GET", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: alpha.cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const form = (place: number, building: 0 | 1 | null, occupied: boolean, unitNumber = "C-1"): UnitFormInput => {
    const p = places[place];
    if (!p) throw new Error(`no place ${place}`);
    return {
      unit_number: unitNumber,
      property_id: p.propertyId,
      building_id: building === null ? null : (p.buildings[building] ?? null),
      floor_plan_id: p.plan,
      occupied,
    };
  };
  const ok = async (res: Awaited<ReturnType<typeof send>>, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res;
  };

  it("match the units after the demo generator's bulk inserts", async () => {
    expect(await drift()).toEqual(exact);
    const total = unitListSchema.parse((await send("GET", "/units?limit=1")).json()).total_count;
    expect(total).toBe(200);
  });

  it("follow creates, edits, moves between buildings and properties, occupancy changes and deletes", async () => {
    const start = await counters();
    const created = [];
    for (const [i, occupied] of [true, false, true].entries()) {
      const res = await ok(await send("POST", "/units", form(0, 0, occupied, `C-${i}`)), 201);
      created.push(unitResponseSchema.parse(res.json()).unit.unit_id);
    }
    expect(await drift()).toEqual(exact);
    const [a, b, c] = created as [number, number, number];
    // Between buildings of one property, occupied: one building loses it, the other gains it.
    await ok(await send("PUT", `/units/${a}`, form(0, 1, true, "C-0")));
    expect(await drift()).toEqual(exact);
    // Occupancy flips.
    await ok(await send("PUT", `/units/${b}`, form(0, 0, true, "C-1")));
    await ok(await send("PUT", `/units/${c}`, form(0, 0, false, "C-2")));
    expect(await drift()).toEqual(exact);
    // To another property, with a building there, and occupied at once.
    await ok(await send("PUT", `/units/${b}`, form(1, 1, false, "C-1")));
    expect(await drift()).toEqual(exact);
    // Out of any building, then another property without one.
    await ok(await send("PUT", `/units/${c}`, form(0, null, false, "C-2")));
    await ok(await send("PUT", `/units/${c}`, form(1, null, true, "C-2")));
    expect(await drift()).toEqual(exact);
    // A change to neither the links nor occupancy moves no counter.
    const before = await counters();
    await ok(await send("PUT", `/units/${c}`, { ...form(1, null, true, "C-2"), square_footage: 999 }));
    expect(await counters()).toEqual(before);
    await ok(await send("DELETE", `/units/${a}`), 204);
    expect(await drift()).toEqual(exact);
    await ok(await send("POST", "/units/delete", { ids: [b, c] }));
    expect(await counters()).toEqual(start);
    expect(await drift()).toEqual(exact);
    // Undo counts them back in where they were.
    const back = await ok(await send("POST", "/units/restore", { ids: [a, b, c] }));
    expect(back.json().restored).toBe(3);
    expect(await drift()).toEqual(exact);
    const [row] = await rows<{ building_id: number; property_id: string }>(
      sql`select building_id::int as building_id, property_id from units where unit_id = ${b}`,
    );
    expect(row).toEqual({ building_id: places[1]?.buildings[1], property_id: places[1]?.propertyId });
  });

  it("follow a building that moves to another property with its units", async () => {
    const [from, to] = places as [(typeof places)[0], (typeof places)[0]];
    const building = from.buildings[0] ?? 0;
    const [b] = await rows<{ name: string; n: number }>(
      sql`select name, number_of_units as n from buildings where id = ${building}`,
    );
    await ok(
      await send("PUT", `/buildings/${building}`, { name: b?.name, number_of_units: b?.n, property_id: to.propertyId }),
    );
    expect(await drift()).toEqual(exact);
    const [left] = await rows<{ n: number }>(
      sql`select count(*)::int as n from units where building_id = ${building} and property_id <> ${to.propertyId}`,
    );
    expect(left?.n).toBe(0);
  });

  it("stay exact when a building or floor plan with units is deleted and restored", async () => {
    const [place] = places;
    const building = place?.buildings[1] ?? 0;
    await ok(await send("DELETE", `/buildings/${building}`), 204);
    expect(await drift()).toEqual(exact);
    await ok(await send("POST", "/buildings/restore", { ids: [building] }));
    expect(await drift()).toEqual(exact);
    await ok(await send("DELETE", `/floor-plans/${place?.plan}`), 204);
    await ok(await send("POST", "/floor-plans/restore", { ids: [place?.plan] }));
    expect(await drift()).toEqual(exact);
  });

  it("never touch another organization's counters", async () => {
    const snapshot = () =>
      rows(
        sql`select id, total_units, occupied_units from buildings where organization_id = ${bravo.orgId} order by id`,
      );
    const before = await snapshot();
    const res = await send("POST", "/units", form(1, 0, true, "C-9"));
    expect(res.statusCode).toBe(201);
    await send("DELETE", `/units/${unitResponseSchema.parse(res.json()).unit.unit_id}`);
    expect(await snapshot()).toEqual(before);
    expect(await drift()).toEqual(exact);
  });
});
