import { COLUMN_TYPES } from "@keyholder/contracts/columns";
import { FILTER_OPERATORS, type FilterCondition } from "@keyholder/contracts/list-query";
import {
  UNIT_FILTER_TYPES,
  UNIT_SORT_KEYS,
  UNITS_PAGE_SIZE,
  type UnitRow,
  unitListSchema,
  unitStatusText,
} from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cell, matchesCondition, matchesQuickFilter } from "../../../test/filter-reference.ts";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { unitSources } from "../../../test/unit-sources.ts";
import { asSystem } from "../../db/client.ts";

type Column = keyof typeof UNIT_FILTER_TYPES;

/** A unit's cell in each filterable column, as the grid shows it: the reference the SQL is tested against. */
const cell = (u: UnitRow, column: Column): Cell =>
  ({
    unit_number: u.unit_number,
    building_name: u.building_name,
    property_name: u.property_name,
    floor_plan_name: u.floor_plan_name,
    floor_plan_code: u.floor_plan_code,
    number_of_bedrooms: u.number_of_bedrooms,
    number_of_bathrooms: u.number_of_bathrooms,
    square_footage: u.square_footage,
    status: unitStatusText(u.occupied),
    date_available: u.date_available ? `${u.date_available}T00:00:00.000Z` : null,
    base_rent_estimate: u.base_rent_estimate,
    rentable_square_feet: u.rentable_square_feet,
    usable_square_feet: u.usable_square_feet,
    laundry_type: u.laundry_type,
    room_count_total: u.room_count_total,
    number_of_levels: u.number_of_levels,
    building_number: u.building_number,
    city: u.address.city,
    state_name: u.address.state.state_name,
    created_date: u.created_date,
    last_modified_date: u.last_modified_date,
  })[column];

/** The value a sort key orders by. */
const sortValue = (u: UnitRow, key: (typeof UNIT_SORT_KEYS)[number]): string | number | boolean | null =>
  ({
    "u.unit_number": u.unit_number,
    "b.name": u.building_name,
    "p.name": u.property_name,
    "fp.plan_name": u.floor_plan_name,
    "u.number_of_bedrooms": u.number_of_bedrooms,
    "u.number_of_bathrooms": u.number_of_bathrooms,
    "u.square_footage": u.square_footage,
    "u.occupied": u.occupied,
    "u.date_available": u.date_available,
    "fp.base_rent_estimate": u.base_rent_estimate,
    "a.city": u.address.city,
    "s.state_name": u.address.state.state_name,
    "u.created_date": u.created_date,
    "u.last_modified_date": u.last_modified_date,
  })[key];

describe("GET /api/v1/units", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  const orgId: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, seed] of [
      ["alpha", 41],
      ["bravo", 42],
    ] as const) {
      const org = await signedInOrganization(t, name, { scale: 500, seed });
      cookie[name] = org.cookie;
      orgId[name] = org.orgId;
    }
    // The demo data has every unit in a named building and on a plan, no LIKE wildcards or characters an
    // array literal quotes, no floor plan details beyond rooms and size, and no two rows created
    // either side of midnight UTC; the filters need the others.
    await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select unit_id from units where organization_id = ${orgId.alpha} order by unit_id limit 6`,
      )) as unknown as { rows: { unit_id: number }[] };
      const [u0, u1, u2, u3, u4, u5] = rows.map((r) => Number(r.unit_id));
      const set = (id: number | undefined, changes: ReturnType<typeof sql>) =>
        tx.execute(sql`update units set ${changes} where organization_id = ${orgId.alpha} and unit_id = ${id}`);
      await set(u0, sql`building_id = null, created_date = '2025-03-05T23:30:00Z'`);
      await set(u1, sql`floor_plan_id = null, created_date = '2025-03-06T00:15:00Z'`);
      await set(u2, sql`unit_number = '50% Suite_A', date_available = '2025-03-05'`);
      await set(u3, sql`number_of_bedrooms = null, square_footage = null, created_date = '2024-12-31T23:59:59Z'`);
      await set(u4, sql`last_modified_date = '2025-03-05T01:00:00Z', unit_number = ${'Q"1\\,{2}'}`);
      await set(u5, sql`occupied = false, date_available = '2025-03-06'`);
      // A building without a name: its units' building name is empty, as is a unit's without a building.
      await tx.execute(sql`update buildings set name = null where organization_id = ${orgId.alpha}
        and id = (select building_id from units where organization_id = ${orgId.alpha} and unit_id = ${u5})`);
      await tx.execute(sql`
        update floor_plans set laundry_type = case when id % 2 = 0 then 'In-unit washer and dryer' else 'Shared' end,
          rentable_square_feet = total_square_feet - 20, usable_square_feet = total_square_feet - 60,
          room_count_total = (bed_rooms + 2)::int
        where organization_id = ${orgId.alpha} and id % 3 <> 0`);
    });
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number>, org = "alpha") =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/units?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      cookies: { kh_session: cookie[org] ?? "" },
    });
  const page = async (query: Record<string, string | number>, org = "alpha") => {
    const res = await list(query, org);
    expect(res.statusCode, res.body).toBe(200);
    return unitListSchema.parse(res.json());
  };
  const all = async () => (await page({})).units;
  const ids = (us: UnitRow[]) => us.map((u) => u.unit_id).sort((x, y) => x - y);
  /**
   * The filtered rows read in pages of a sixth, nearer pages from either end, as one whole list
   * reads them: small pages of a broad filter walk the sort index (decision 018), the whole list
   * collects and sorts every match, and both must give the same rows in the same order.
   */
  const expectSamePages = async (filter: Record<string, string>) => {
    for (const order of [
      { sort_by: "b.name", sort_direction: "desc" },
      { sort_by: "u.square_footage", sort_direction: "asc" },
    ])
      await expectSamePagesIn(filter, order);
  };
  const expectSamePagesIn = async (filter: Record<string, string>, order: Record<string, string>) => {
    const whole = await page({ ...filter, ...order });
    const size = Math.max(2, Math.ceil(whole.total_count / 6));
    const paged: number[] = [];
    for (let offset = 0; offset < whole.total_count; offset += size) {
      const part = await page({ ...filter, ...order, limit: size, offset });
      expect(part.total_count, JSON.stringify(filter)).toBe(whole.total_count);
      paged.push(...part.units.map((u) => u.unit_id));
    }
    expect(paged, JSON.stringify(filter)).toEqual(whole.units.map((u) => u.unit_id));
  };

  it("answers the spec's list fields in pages of 2,000, offset + count below total_count, no overlap", async () => {
    const first = await page({});
    expect(Object.keys(first).sort()).toEqual(["count", "offset", "total_count", "units"]);
    expect(first).toMatchObject({ offset: 0, count: 500, total_count: 500 });
    const counted = (await asSystem(t.db, (tx) =>
      tx.execute(sql`select count(*)::int as n from units where organization_id = ${orgId.alpha}`),
    )) as unknown as { rows: { n: number }[] };
    expect(first.total_count).toBe(counted.rows[0]?.n);
    const a = await page({ limit: 7 });
    const b = await page({ limit: 7, offset: 7 });
    expect(a.units.map((u) => u.unit_id)).toEqual(first.units.slice(0, 7).map((u) => u.unit_id));
    expect(b.units.map((u) => u.unit_id)).toEqual(first.units.slice(7, 14).map((u) => u.unit_id));
    const last = await page({ limit: UNITS_PAGE_SIZE, offset: first.total_count - 3 });
    expect(last.count).toBe(3);
    expect((await page({ offset: 10_000 })).units).toEqual([]);
    expect((await list({ limit: UNITS_PAGE_SIZE + 1 })).statusCode).toBe(400);
  });

  it("shows each unit's property, building, floor plan and location as they are stored", async () => {
    const units = await all();
    const joined = (await asSystem(t.db, (tx) =>
      tx.execute(sql`
        select u.unit_id, p.name as property_name, b.name as building_name, b.building_number::float8 as building_number,
               fp.plan_name, fp.plan_code, fp.base_rent_estimate::float8 as rent, fp.laundry_type, s.state_name, a.city
          from ${unitSources} where u.organization_id = ${orgId.alpha}`),
    )) as unknown as { rows: Record<string, unknown>[] };
    const byId = new Map(joined.rows.map((r) => [Number(r.unit_id), r]));
    for (const u of units) {
      const r = byId.get(u.unit_id);
      expect({
        property: u.property_name,
        building: u.building_name,
        number: u.building_number,
        plan: u.floor_plan_name,
        code: u.floor_plan_code,
        rent: u.base_rent_estimate,
        laundry: u.laundry_type,
        city: u.address.city,
        state: u.address.state.state_name,
      }).toEqual({
        property: r?.property_name,
        building: r?.building_name ?? null,
        number: r?.building_number ?? null,
        plan: r?.plan_name ?? null,
        code: r?.plan_code ?? null,
        rent: r?.rent ?? null,
        laundry: r?.laundry_type ?? null,
        city: r?.city ?? null,
        state: r?.state_name ?? null,
      });
    }
    expect(units.some((u) => u.building_id === null && u.building_name === null)).toBe(true);
    expect(units.some((u) => u.floor_plan_id === null && u.base_rent_estimate === null)).toBe(true);
  });

  it.each(UNIT_SORT_KEYS.flatMap((key) => [[key, "asc"] as const, [key, "desc"] as const]))(
    "sorts by %s %s over every row, empty values last",
    async (key, direction) => {
      const { units, total_count } = await page({ sort_by: key, sort_direction: direction });
      expect(units).toHaveLength(total_count);
      const values = units.map((u) => sortValue(u, key));
      const firstEmpty = values.indexOf(null);
      if (firstEmpty >= 0) expect(values.slice(firstEmpty).every((v) => v === null)).toBe(true);
      const present = values.filter((v) => v !== null);
      const sorted = [...present].sort((x, y) =>
        typeof x === "string" && typeof y === "string"
          ? x.localeCompare(y, "en", { sensitivity: "base" })
          : Number(x) - Number(y),
      );
      if (direction === "desc") sorted.reverse();
      // Collations differ on punctuation; the first character is where they agree. Days and times
      // are ISO text, whose order is the same in every collation.
      const iso = key.endsWith("date") || key === "u.date_available";
      const shown = (v: unknown) => (typeof v === "string" && !iso ? v.toLowerCase()[0] : v);
      expect(present.map(shown)).toEqual(sorted.map(shown));
      // Pages of the same order neither repeat nor skip a unit (ties broken by id).
      const paged = [];
      for (let offset = 0; offset < total_count; offset += 150) {
        paged.push(...(await page({ sort_by: key, sort_direction: direction, limit: 150, offset })).units);
      }
      expect(paged.map((u) => u.unit_id)).toEqual(units.map((u) => u.unit_id));
    },
  );

  it("applies every filter-builder operator of every column type like the reference", async () => {
    const rows = await all();
    const sample = rows.find((u) => u.building_name && u.floor_plan_name && u.address.city) ?? rows[0];
    if (!sample?.building_name || !sample.floor_plan_name || !sample.address.city) throw new Error("no sample unit");
    const bedrooms = [...new Set(rows.flatMap((u) => (u.number_of_bedrooms === null ? [] : [u.number_of_bedrooms])))];
    const median = String(bedrooms.sort((x, y) => x - y)[Math.floor(bedrooms.length / 2)]);
    const cases: FilterCondition[] = [
      { column: "unit_number", op: "contains", value: "11" },
      { column: "building_name", op: "not_contains", value: "building a" },
      { column: "city", op: "equals", value: sample.address.city.toUpperCase() },
      { column: "state_name", op: "not_equals", value: sample.address.state.state_name ?? "" },
      { column: "property_name", op: "starts_with", value: sample.property_name.slice(0, 3).toLowerCase() },
      { column: "floor_plan_name", op: "ends_with", value: sample.floor_plan_name.slice(-4) },
      { column: "building_name", op: "is_empty" },
      { column: "unit_number", op: "equals", value: 'q"1\\,{2}' },
      { column: "laundry_type", op: "is_not_empty" },
      { column: "status", op: "equals", value: "vacant" },
      { column: "laundry_type", op: "contains", value: "washer" },
      { column: "floor_plan_code", op: "starts_with", value: sample.floor_plan_code?.slice(0, 1) ?? "A" },
      { column: "number_of_bedrooms", op: "eq", value: median },
      { column: "number_of_bedrooms", op: "ne", value: median },
      { column: "number_of_bathrooms", op: "gt", value: "1" },
      { column: "square_footage", op: "gte", value: String(sample.square_footage ?? 800) },
      { column: "base_rent_estimate", op: "lt", value: String(sample.base_rent_estimate ?? 2000) },
      { column: "room_count_total", op: "lte", value: "3" },
      { column: "building_number", op: "eq", value: "1" },
      { column: "rentable_square_feet", op: "is_empty" },
      { column: "square_footage", op: "is_not_empty" },
      { column: "date_available", op: "on", value: "2025-03-05" },
      { column: "date_available", op: "before", value: "2025-03-07" },
      { column: "date_available", op: "after", value: "2025-03-05" },
      { column: "created_date", op: "before", value: "2025-03-06" },
      { column: "last_modified_date", op: "on", value: "2025-03-05" },
    ];
    for (const type of COLUMN_TYPES) {
      const covered = new Set(cases.filter((c) => UNIT_FILTER_TYPES[c.column as Column] === type).map((c) => c.op));
      for (const op of FILTER_OPERATORS[type].filter((o) => type !== "date" || !o.includes("empty"))) {
        expect(covered, `${type} ${op}`).toContain(op);
      }
    }
    for (const c of cases) {
      const want = rows.filter((u) =>
        matchesCondition(UNIT_FILTER_TYPES[c.column as Column], cell(u, c.column as Column), c),
      );
      const got = await page({ conditions: JSON.stringify([c]) });
      expect(got.total_count, JSON.stringify(c)).toBe(want.length);
      expect(ids(got.units), JSON.stringify(c)).toEqual(ids(want));
      await expectSamePages({ conditions: JSON.stringify([c]) });
      // Every case keeps some rows and drops others, so a condition that is ignored cannot pass.
      expect(want.length, JSON.stringify(c)).toBeGreaterThan(0);
      expect(want.length, JSON.stringify(c)).toBeLessThan(rows.length);
    }
  });

  it("applies quick filters like the reference: numbers by equality, text and dates as shown, ANDed", async () => {
    const rows = await all();
    const sample = rows.find((u) => u.address.city && u.number_of_bedrooms !== null) ?? rows[0];
    const quicks: Partial<Record<Column, string>>[] = [
      { unit_number: "10" },
      { unit_number: "%" },
      { unit_number: '"1\\,{' },
      { status: "OCCUP" },
      { city: sample?.address.city?.slice(1, 4) ?? "a", number_of_bedrooms: String(sample?.number_of_bedrooms) },
      { date_available: "3/5/2025" },
      { date_available: "/2025" },
      { created_date: "12/31/2024" },
      { base_rent_estimate: String(sample?.base_rent_estimate) },
      { number_of_bathrooms: "abc" },
    ];
    for (const quick of quicks) {
      const want = rows.filter((u) =>
        Object.entries(quick).every(([column, text]) =>
          matchesQuickFilter(UNIT_FILTER_TYPES[column as Column], cell(u, column as Column), text ?? ""),
        ),
      );
      const got = await page({ filters: JSON.stringify(quick) });
      expect(got.total_count, JSON.stringify(quick)).toBe(want.length);
      expect(ids(got.units), JSON.stringify(quick)).toEqual(ids(want));
      await expectSamePages({ filters: JSON.stringify(quick) });
    }
    // A filtered page past the first still knows the total.
    const some = await page({ filters: JSON.stringify({ status: "occupied" }), limit: 10, offset: 20 });
    expect(some.count).toBe(10);
    expect(some.total_count).toBe(rows.filter((u) => u.occupied).length);
  });

  it("reads number quick filters as the grid shows numbers, and comparisons and ranges", async () => {
    const rows = await all();
    const big = rows.find((u) => (u.square_footage ?? 0) >= 1000 && u.base_rent_estimate !== null);
    if (!big?.square_footage || big.base_rent_estimate === null)
      throw new Error("no unit of 1,000 square feet with a rent");
    const shown = (n: number) => n.toLocaleString("en-US");
    const money = (n: number) =>
      `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    const quicks: Partial<Record<Column, string>>[] = [
      // What the grid shows: "1,010" and "$870.00", also typed without the cents.
      { square_footage: shown(big.square_footage) },
      { base_rent_estimate: money(big.base_rent_estimate) },
      { base_rent_estimate: `$${big.base_rent_estimate}` },
      { square_footage: `>${shown(big.square_footage - 1)}` },
      { square_footage: `<= ${big.square_footage}` },
      { base_rent_estimate: `< ${money(big.base_rent_estimate)}` },
      { square_footage: `${shown(big.square_footage - 100)}-${shown(big.square_footage + 100)}` },
      {
        base_rent_estimate: `${money(big.base_rent_estimate - 300)} to ${money(big.base_rent_estimate + 300)}`,
        number_of_bedrooms: `${big.number_of_bedrooms ?? 1}+`,
      },
      { number_of_bathrooms: "1.5..2" },
    ];
    for (const quick of quicks) {
      const want = rows.filter((u) =>
        Object.entries(quick).every(([column, text]) =>
          matchesQuickFilter(UNIT_FILTER_TYPES[column as Column], cell(u, column as Column), text ?? ""),
        ),
      );
      // Every case keeps some units and drops others, so a filter read as matching nothing, or ignored, fails.
      expect(want.length, JSON.stringify(quick)).toBeGreaterThan(0);
      expect(want.length, JSON.stringify(quick)).toBeLessThan(rows.length);
      const got = await page({ filters: JSON.stringify(quick) });
      expect(got.total_count, JSON.stringify(quick)).toBe(want.length);
      expect(ids(got.units), JSON.stringify(quick)).toEqual(ids(want));
      await expectSamePages({ filters: JSON.stringify(quick) });
    }
    // Sorted by the filtered column itself, the page is a range of its sort index: the same rows.
    const range = { square_footage: `${shown(big.square_footage - 100)}-${shown(big.square_footage + 100)}` };
    await expectSamePagesIn(
      { filters: JSON.stringify(range) },
      { sort_by: "u.square_footage", sort_direction: "desc" },
    );
  });

  it("refuses a sort key, filter column or condition that is not whitelisted, before any SQL", async () => {
    for (const query of [
      { sort_by: "u.unit_number; drop table units" } as Record<string, string>,
      { sort_by: "u.organization_id" },
      { sort_by: "fp.plan_code" },
      { sort_direction: "sideways" },
      { filters: JSON.stringify({ organization_id: "x" }) },
      { filters: "{not json" },
      { conditions: JSON.stringify([{ column: "unit_id", op: "eq", value: "1" }]) },
      { conditions: JSON.stringify([{ column: "status", op: "gt", value: "1" }]) },
      { conditions: JSON.stringify([{ column: "date_available", op: "on", value: "2025-02-30" }]) },
      { offset: -1 },
    ]) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("shows each organization only its own units, and nothing signed out", async () => {
    const alpha = await all();
    const bravo = (await page({}, "bravo")).units;
    const ours = new Set(alpha.map((u) => u.unit_id));
    expect(bravo.length).toBeGreaterThan(0);
    expect(bravo.some((u) => ours.has(u.unit_id))).toBe(false);
    expect(bravo.every((u) => u.organization_id === orgId.bravo)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/units" })).statusCode).toBe(401);
  });

  it("finds units by their building's and property's new names right after a rename, in any letter case", async () => {
    const unit = (await all()).find((u) => u.building_id !== null && u.building_name);
    if (!unit) throw new Error("no unit in a named building");
    await asSystem(t.db, async (tx) => {
      await tx.execute(sql`update buildings set name = 'Harbor VIEW Lofts'
        where organization_id = ${orgId.alpha} and id = ${unit.building_id}`);
      await tx.execute(sql`update properties set name = 'Quayside COMMONS'
        where organization_id = ${orgId.alpha} and id = ${unit.property_id}`);
    });
    const rows = await all();
    const cases = [
      [{ filters: { building_name: "view lofts" } }, (u: UnitRow) => u.building_id === unit.building_id],
      [{ filters: { property_name: "QUAYSIDE commons" } }, (u: UnitRow) => u.property_id === unit.property_id],
      [
        { conditions: [{ column: "building_name", op: "equals", value: "harbor view LOFTS" }] },
        (u: UnitRow) => u.building_id === unit.building_id,
      ],
    ] as const;
    for (const [filter, kept] of cases) {
      const want = rows.filter(kept);
      expect(want.length).toBeGreaterThan(0);
      const got = await page({
        sort_by: "u.unit_number",
        ...("filters" in filter
          ? { filters: JSON.stringify(filter.filters) }
          : { conditions: JSON.stringify(filter.conditions) }),
      });
      expect(got.total_count, JSON.stringify(filter)).toBe(want.length);
      expect(ids(got.units), JSON.stringify(filter)).toEqual(ids(want));
    }
  });
});
