import { historySchema } from "@keyholder/contracts/history";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import {
  UNIT_RANGE_MAX,
  type UnitRangeFormInput,
  unitRangeMessages,
  unitRangeResponseSchema,
} from "@keyholder/contracts/unit-range";
import { unitMessages } from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gridValuesDrift } from "../../../test/grid-values-drift.ts";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

/** A property with two of its buildings and a floor plan. */
interface Place {
  propertyId: string;
  propertyName: string;
  buildings: { id: number; name: string }[];
  plan: number;
}

/**
 * POST /api/v1/units/range (issue 15, item 13): "101-112" adds units 101 to 112 at once, all or none,
 * refusing numbers that already exist where they would go, with the unit counters right after.
 */
describe("adding a range of units", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Awaited<ReturnType<typeof signedInOrganization>>;
  let bravo: Awaited<ReturnType<typeof signedInOrganization>>;
  let places: Place[];

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await asSystem(t.db, (tx) => tx.execute(query))) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "alpha", { scale: 200, seed: 71 });
    bravo = await signedInOrganization(t, "bravo", { scale: 100, seed: 72 });
    const found = await rows<{
      id: string;
      name: string;
      b1: number;
      b2: number;
      n1: string;
      n2: string;
      plan: number;
    }>(sql`
      select p.id, p.name,
        (select min(b.id) from buildings b where b.property_id = p.id) as b1,
        (select max(b.id) from buildings b where b.property_id = p.id) as b2,
        (select name from buildings b where b.property_id = p.id order by b.id limit 1) as n1,
        (select name from buildings b where b.property_id = p.id order by b.id desc limit 1) as n2,
        (select min(f.id) from floor_plans f where f.property_id = p.id) as plan
      from properties p where p.organization_id = ${alpha.orgId} order by p.id`);
    places = found
      .filter((r) => Number(r.b1) !== Number(r.b2) && r.plan !== null)
      .map((r) => ({
        propertyId: String(r.id),
        propertyName: r.name,
        buildings: [
          { id: Number(r.b1), name: r.n1 },
          { id: Number(r.b2), name: r.n2 },
        ],
        plan: Number(r.plan),
      }));
    expect(places.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(() => t.close());

  const place = (n: number) => {
    const p = places[n];
    if (!p) throw new Error(`no place ${n}`);
    return p;
  };
  const send = (url: string, payload: unknown, cookie = alpha.cookie, method: "POST" | "GET" = "POST") =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      cookies: { kh_session: cookie },
      ...(method === "POST" ? { payload: payload as object } : {}),
    });
  const form = (unitNumber: string, where = place(0), building: 0 | 1 | null = 0): UnitRangeFormInput => ({
    unit_number: unitNumber,
    property_id: where.propertyId,
    building_id: building === null ? null : (where.buildings[building]?.id ?? null),
    floor_plan_id: where.plan,
    number_of_bedrooms: 2,
    number_of_bathrooms: 1,
    square_footage: 880,
    date_available: "2027-03-01",
    occupied: false,
  });
  const errorOf = (res: Awaited<ReturnType<typeof send>>) =>
    (res.json() as { error: { code: string; message: string; fields?: Record<string, string[]> } }).error;
  /** The unit numbers stored in a building (or in the property outside any building), sorted. */
  const numbersIn = async (where: Place, building: 0 | 1 | null) =>
    (
      await rows<{ unit_number: string }>(sql`
        select unit_number from units
        where property_id = ${where.propertyId}
          and building_id is not distinct from ${building === null ? null : (where.buildings[building]?.id ?? null)}::bigint
        order by unit_number`)
    ).map((r) => r.unit_number);
  const counterDrift = (table: "buildings" | "properties", link: "building_id" | "property_id") =>
    rows(sql`
      select t.id from ${sql.identifier(table)} t
      left join (select ${sql.identifier(link)} as id, count(*)::int as total,
                        count(*) filter (where occupied)::int as occupied
                 from units group by 1) u on u.id = t.id
      where t.total_units <> coalesce(u.total, 0) or t.occupied_units <> coalesce(u.occupied, 0)`);
  const drift = async () => ({
    buildings: await counterDrift("buildings", "building_id"),
    properties: await counterDrift("properties", "property_id"),
    rowCounts: await rows(sql`
      select o.id from organizations o
      left join organization_row_counts c on c.organization_id = o.id and c.table_name = 'units'
      where coalesce(c.row_count, 0) <> (select count(*) from units u where u.organization_id = o.id)`),
    gridValues: await rows(gridValuesDrift),
  });
  const exact = { buildings: [], properties: [], rowCounts: [], gridValues: [] };
  const unitCount = async (where: Place, building: 0 | 1) =>
    (
      await rows<{ total: number }>(
        sql`select total_units as total from buildings where id = ${where.buildings[building]?.id}`,
      )
    )[0]?.total;

  it("adds every unit of the range, first to last, with the same details, and counts them", async () => {
    const where = place(0);
    const before = await numbersIn(where, 0);
    const startCount = await unitCount(where, 0);
    const res = await send("/units/range", form("R101–R112", where));
    expect(res.statusCode, res.body).toBe(201);
    const { units } = unitRangeResponseSchema.parse(res.json());
    const expected = Array.from({ length: 12 }, (_, i) => `R${101 + i}`);
    expect(units.map((u) => u.unit_number)).toEqual(expected);
    for (const unit of units) {
      expect(unit).toMatchObject({
        property_id: where.propertyId,
        building_id: where.buildings[0]?.id,
        floor_plan_id: where.plan,
        number_of_bedrooms: 2,
        number_of_bathrooms: 1,
        square_footage: 880,
        date_available: "2027-03-01",
        occupied: false,
      });
    }
    expect(await numbersIn(where, 0)).toEqual([...before, ...expected].sort());
    expect(await unitCount(where, 0)).toBe((startCount ?? 0) + expected.length);
    expect(await drift()).toEqual(exact);
    // Each one has its own history, starting with its creation.
    const first = units[0]?.unit_id;
    const history = historySchema.parse((await send(`/units/${first}/history`, null, alpha.cookie, "GET")).json());
    expect(history.history.map((h) => h.action)).toEqual(["create"]);
  });

  it("keeps leading zeros, takes a hyphen, 'to' and the letters on one end only", async () => {
    const where = place(1);
    const zeros = await send("/units/range", form("007-010", where, 1));
    expect(zeros.statusCode, zeros.body).toBe(201);
    expect(unitRangeResponseSchema.parse(zeros.json()).units.map((u) => u.unit_number)).toEqual([
      "007",
      "008",
      "009",
      "010",
    ]);
    const words = await send("/units/range", form("B1 to 3", where, 1));
    expect(unitRangeResponseSchema.parse(words.json()).units.map((u) => u.unit_number)).toEqual(["B1", "B2", "B3"]);
    // Units in no building of the property.
    const loose = await send("/units/range", form("L1-L2", where, null));
    expect(loose.statusCode, loose.body).toBe(201);
    expect(await numbersIn(where, null)).toEqual(expect.arrayContaining(["L1", "L2"]));
    expect(await drift()).toEqual(exact);
  });

  it("adds none when some of the numbers already exist there, and names them", async () => {
    const where = place(0);
    const building = where.buildings[1];
    if (!building) throw new Error("no second building");
    const made = await send("/units/range", form("D5-D6", where, 1));
    expect(made.statusCode, made.body).toBe(201);
    const before = await numbersIn(where, 1);
    const countBefore = await unitCount(where, 1);

    const res = await send("/units/range", form("D1-D8", where, 1));
    expect(res.statusCode, res.body).toBe(409);
    const error = errorOf(res);
    expect(error.code).toBe("CONFLICT");
    const message = unitRangeMessages.taken(["D5", "D6"], building.name);
    expect(message).toBe(`Units D5 and D6 already exist in ${building.name}`);
    expect(error.message).toBe(message);
    expect(error.fields).toEqual({ unit_number: [message] });
    expect(await numbersIn(where, 1)).toEqual(before);
    expect(await unitCount(where, 1)).toBe(countBefore);

    // The same numbers in the property's other building are free.
    const elsewhere = await send("/units/range", form("D1-D8", where, 0));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    // Outside any building, taken numbers are named with the property.
    await send("/units/range", form("E1-E2", where, null));
    const loose = await send("/units/range", form("E2-E4", where, null));
    expect(loose.statusCode).toBe(409);
    expect(errorOf(loose).message).toBe(`Unit E2 already exists in ${where.propertyName}`);
    expect(await drift()).toEqual(exact);
  });

  it("refuses a range that runs down, mixes letters, is too long or is no range, with the reason under Unit Number", async () => {
    const where = place(0);
    const before = await numbersIn(where, 0);
    const cases: [string, string][] = [
      ["112-101", unitRangeMessages.runsDown],
      ["7-7", unitRangeMessages.runsDown],
      ["A101-B112", unitRangeMessages.otherLetters],
      [`1-${UNIT_RANGE_MAX + 1}`, unitRangeMessages.tooMany(UNIT_RANGE_MAX + 1)],
      ["1-999999999", unitRangeMessages.tooMany(999_999_999)],
      ["101", unitRangeMessages.notARange],
      ["4B-4C", unitRangeMessages.notARange],
      ["", unitRangeMessages.notARange],
    ];
    for (const [text, message] of cases) {
      const res = await send("/units/range", form(text, where));
      expect(res.statusCode, `${text}: ${res.body}`).toBe(400);
      expect(errorOf(res).fields?.unit_number, text).toEqual([message]);
    }
    // The largest range allowed goes through.
    const most = await send("/units/range", form(`M1-M${UNIT_RANGE_MAX}`, where));
    expect(most.statusCode, most.body).toBe(201);
    expect(unitRangeResponseSchema.parse(most.json()).units).toHaveLength(UNIT_RANGE_MAX);
    expect((await numbersIn(where, 0)).length).toBe(before.length + UNIT_RANGE_MAX);
    expect(await drift()).toEqual(exact);
  });

  it("checks the property, building and floor plan as a single unit's are, and keeps organizations apart", async () => {
    const where = place(0);
    const other = place(1);
    const mismatched = await send("/units/range", { ...form("X1-X3", where), building_id: other.buildings[0]?.id });
    expect(mismatched.statusCode).toBe(400);
    expect(errorOf(mismatched).fields?.building_id).toEqual([unitMessages.buildingOtherProperty]);
    // Another organization's property is unknown to it, and nothing is written there.
    const theirs = await send("/units/range", form("X1-X3", where), bravo.cookie);
    expect(theirs.statusCode).toBe(400);
    expect(errorOf(theirs).fields?.property_id).toEqual([unitMessages.propertyUnknown]);
    expect(
      await rows(sql`select 1 from units where unit_number like 'X%' and property_id = ${where.propertyId}`),
    ).toEqual([]);
    // Signed out: asked to sign in before anything else.
    const signedOut = await t.app.inject({
      method: "POST",
      url: "/api/v1/units/range",
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: form("X1-X3", where),
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("lets two ranges racing for the same numbers add them once", async () => {
    const where = place(1);
    const [a, b] = await Promise.all([
      send("/units/range", form("Z1-Z20", where, 0)),
      send("/units/range", form("Z15-Z30", where, 0)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const numbers = (await numbersIn(where, 0)).filter((n) => n.startsWith("Z"));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(await drift()).toEqual(exact);
  });
});
