import { buildingListSchema } from "@keyholder/contracts/buildings";
import { COLUMN_TYPES } from "@keyholder/contracts/columns";
import { FILTER_OPERATORS, type FilterCondition } from "@keyholder/contracts/list-query";
import { ZONE_FILTER_TYPES, ZONE_SORT_KEYS, type ZoneRow, zoneListSchema } from "@keyholder/contracts/zones";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cell, matchesCondition, matchesQuickFilter } from "../../../test/filter-reference.ts";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

describe("GET /api/v1/zones", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  const orgId: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, seed] of [
      ["alpha", 51],
      ["bravo", 52],
    ] as const) {
      const org = await signedInOrganization(t, name, { scale: name === "alpha" ? 1500 : 600, seed });
      cookie[name] = org.cookie;
      orgId[name] = org.orgId;
    }
    // The demo data has no empty URLs or tax ids, no LIKE wildcards, no empty zone and every row
    // created today; the filter-builder tests (on bravo) need those, with times either side of
    // midnight UTC.
    await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select id from zones where organization_id = ${orgId.bravo} order by id limit 6`,
      )) as unknown as { rows: { id: number }[] };
      const [z0, z1, z2, z3, z4, z5] = rows.map((r) => Number(r.id));
      const set = (id: number | undefined, changes: ReturnType<typeof sql>) =>
        tx.execute(sql`update zones set ${changes} where organization_id = ${orgId.bravo} and id = ${id}`);
      await set(z0, sql`url = null, created_date = '2025-03-05T23:30:00Z'`);
      await set(z1, sql`url = '', tax_id = null, created_date = '2025-03-06T00:15:00Z'`);
      await set(z2, sql`name = '50% Court_A', created_date = '2025-11-03T12:00:00Z'`);
      await set(z3, sql`description = null, logo = null`);
      await set(z4, sql`created_date = '2024-12-31T23:59:59Z'`);
      await set(z5, sql`last_modified_date = '2025-03-05T01:00:00Z'`);
      // A zone with no building in it: no units, so no occupancy rate.
      await tx.execute(
        sql`update buildings set zone_id = null where organization_id = ${orgId.bravo} and zone_id = ${z5}`,
      );
    });
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string | number | undefined>, org = "alpha") =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/zones?${new URLSearchParams(
        Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
      )}`,
      cookies: { kh_session: cookie[org] ?? "" },
    });
  const page = async (query: Record<string, string | number> = {}, org = "alpha") => {
    const res = await list(query, org);
    expect(res.statusCode, res.body).toBe(200);
    return zoneListSchema.parse(res.json());
  };

  it("pages with offset + count below total_count and no overlap, to the end", async () => {
    const first = await page({ limit: 7 });
    expect(first.count).toBe(7);
    expect(first.total_count).toBeGreaterThan(14);
    const second = await page({ limit: 7, offset: first.offset + first.count });
    expect(second.offset).toBe(7);
    const ids = new Set(first.zones.map((z) => z.id));
    expect(second.zones.some((z) => ids.has(z.id))).toBe(false);
    const last = await page({ limit: 2000, offset: first.total_count - 3 });
    expect(last.count).toBe(3);
    const all = await page();
    expect(all.count).toBe(all.total_count);
    expect(new Set(all.zones.map((z) => z.id)).size).toBe(all.total_count);
  });

  it("shows each zone's buildings, units and occupied units as summing its buildings gives", async () => {
    const buildings = buildingListSchema.parse(
      (
        await t.app.inject({
          method: "GET",
          url: "/api/v1/buildings/details?limit=2000",
          cookies: { kh_session: cookie.alpha ?? "" },
        })
      ).json(),
    ).buildings;
    const expected = new Map<number, { building_count: number; total_units: number; occupied_units: number }>();
    for (const b of buildings) {
      if (b.zone_id === null) continue;
      const e = expected.get(b.zone_id) ?? { building_count: 0, total_units: 0, occupied_units: 0 };
      e.building_count += 1;
      e.total_units += b.total_units;
      e.occupied_units += b.occupied_units;
      expected.set(b.zone_id, e);
    }
    const { zones } = await page();
    expect(zones.length).toBeGreaterThan(10);
    for (const z of zones) {
      expect(
        { building_count: z.building_count, total_units: z.total_units, occupied_units: z.occupied_units },
        z.name,
      ).toEqual(expected.get(z.id) ?? { building_count: 0, total_units: 0, occupied_units: 0 });
    }
    // The demo puts every building of a property with several in one of its zones, so the zones hold
    // every unit but those of single-building properties.
    const alone = buildings.filter((b) => buildings.filter((o) => o.property_id === b.property_id).length === 1);
    expect(zones.reduce((s, z) => s + z.total_units, 0)).toBe(1500 - alone.reduce((s, b) => s + b.total_units, 0));
    // Each zone's buildings are of its own property.
    const property = new Map(zones.map((z) => [z.id, z.property_id]));
    for (const b of buildings) if (b.zone_id !== null) expect(property.get(b.zone_id)).toBe(b.property_id);
  });

  const sortValue = (z: ZoneRow, key: (typeof ZONE_SORT_KEYS)[number]) =>
    ({
      "z.name": z.name,
      "p.name": z.property.name,
      "z.url": z.url,
      "z.tax_id": z.tax_id,
      "a.city": z.address.city,
      "s.state_name": z.address.state.state_name,
      building_count: z.building_count,
      total_units: z.total_units,
      occupied_units: z.occupied_units,
      "occupied_units/total_units": z.total_units ? z.occupied_units / z.total_units : null,
      "z.created_date": Date.parse(z.created_date),
      "z.last_modified_date": Date.parse(z.last_modified_date),
    })[key];

  /** Text values in the order the database sorts them. */
  const collated = (values: string[]) =>
    asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select v from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) as v order by v`,
      )) as unknown as { rows: { v: string }[] };
      return rows.map((r) => r.v);
    });

  it.each(ZONE_SORT_KEYS.flatMap((key) => [[key, "asc"] as const, [key, "desc"] as const]))(
    "sorts by %s %s over every row, empty values last, pages in the same order",
    async (key, direction) => {
      for (const org of ["alpha", "bravo"]) {
        const { zones } = await page({ sort_by: key, sort_direction: direction }, org);
        const values = zones.map((z) => sortValue(z, key));
        // An empty text ('' from outside the API) is a value; a missing one (null) sorts last.
        const present = values.filter((v) => v !== null);
        expect(
          values.slice(present.length).every((v) => v === null),
          `${org}: empty values last`,
        ).toBe(true);
        // Text in the database's own collation (it differs between servers); numbers as numbers.
        const sorted =
          typeof present[0] === "number"
            ? (present as number[]).sort((x, y) => x - y)
            : await collated(present as string[]);
        if (direction === "desc") sorted.reverse();
        expect(present, org).toEqual(sorted);
        // Two pages read the same sequence as one.
        const half = Math.floor(zones.length / 2);
        const a = await page({ sort_by: key, sort_direction: direction, limit: half }, org);
        const b = await page({ sort_by: key, sort_direction: direction, limit: 2000, offset: half }, org);
        expect([...a.zones, ...b.zones].map((z) => z.id)).toEqual(zones.map((z) => z.id));
      }
    },
  );

  it("sorts by z.name by default", async () => {
    const { zones } = await page();
    const byDefault = zones.map((z) => z.id);
    expect((await page({ sort_by: "z.name", sort_direction: "asc" })).zones.map((z) => z.id)).toEqual(byDefault);
  });

  it("refuses a sort key or filter column that is not whitelisted, before any SQL", async () => {
    for (const query of [
      { sort_by: "z.name; drop table zones" },
      { sort_by: "z.organization_id" },
      { sort_by: "z.description" },
      { sort_direction: "sideways" },
      { filters: JSON.stringify({ "1=1) or (true": "x" }) },
      { filters: JSON.stringify({ occupancy_rate: "50" }) },
      { filters: "{not json" },
      { conditions: JSON.stringify([{ column: "property_id", op: "equals", value: "x" }]) },
      { conditions: JSON.stringify([{ column: "building_count", op: "contains", value: "1" }]) },
      { limit: 2001 },
      { offset: -1 },
    ]) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  describe("quick filters and filter builder conditions", () => {
    type Column = keyof typeof ZONE_FILTER_TYPES;
    const cell = (z: ZoneRow, column: Column): Cell =>
      ({
        name: z.name,
        property_name: z.property.name,
        description: z.description,
        logo: z.logo,
        secondary_url: z.secondary_url,
        url: z.url,
        tax_id: z.tax_id,
        city: z.address.city,
        state_name: z.address.state.state_name,
        building_count: z.building_count,
        total_units: z.total_units,
        occupied_units: z.occupied_units,
        created_date: z.created_date,
        last_modified_date: z.last_modified_date,
      })[column];
    const ids = (rows: ZoneRow[]) => rows.map((z) => z.id).sort((x, y) => x - y);
    const expectSameRows = async (
      all: ZoneRow[],
      conditions: FilterCondition[],
      filters: Partial<Record<Column, string>> = {},
    ) => {
      const want = all.filter(
        (z) =>
          conditions.every((c) =>
            matchesCondition(ZONE_FILTER_TYPES[c.column as Column], cell(z, c.column as Column), c),
          ) &&
          Object.entries(filters).every(([column, text]) =>
            matchesQuickFilter(ZONE_FILTER_TYPES[column as Column], cell(z, column as Column), text ?? ""),
          ),
      );
      const got = await page({ conditions: JSON.stringify(conditions), filters: JSON.stringify(filters) }, "bravo");
      expect(got.total_count, JSON.stringify({ conditions, filters })).toBe(want.length);
      expect(ids(got.zones)).toEqual(ids(want));
      return want;
    };

    it("applies every operator of every column type like the reference, on the seeded rows", async () => {
      const all = (await page({}, "bravo")).zones;
      const sample = all.find((z) => z.total_units > 0 && z.tax_id && z.url) ?? all[0];
      if (!sample) throw new Error("no zones seeded");
      const units = [...new Set(all.map((z) => z.total_units))].sort((x, y) => x - y);
      const midUnits = units[Math.floor(units.length / 2)] ?? 0;
      const cases: FilterCondition[] = [
        { column: "name", op: "contains", value: "COURT" },
        { column: "url", op: "not_contains", value: (sample.url ?? "x").slice(-10) },
        { column: "state_name", op: "equals", value: (sample.address.state.state_name ?? "").toUpperCase() },
        { column: "property_name", op: "not_equals", value: sample.property.name.toLowerCase() },
        { column: "name", op: "starts_with", value: sample.name.slice(0, 3).toLowerCase() },
        { column: "tax_id", op: "ends_with", value: sample.tax_id?.slice(-2) ?? "1" },
        { column: "url", op: "is_empty" },
        { column: "description", op: "is_not_empty" },
        { column: "building_count", op: "eq", value: "1" },
        { column: "total_units", op: "ne", value: String(sample.total_units) },
        { column: "occupied_units", op: "gt", value: "30" },
        { column: "total_units", op: "gte", value: String(midUnits) },
        { column: "total_units", op: "lt", value: String(midUnits) },
        { column: "building_count", op: "lte", value: "1" },
        { column: "logo", op: "is_empty" },
        { column: "tax_id", op: "is_not_empty" },
        { column: "created_date", op: "on", value: "2025-03-05" },
        { column: "created_date", op: "before", value: "2025-03-06" },
        { column: "created_date", op: "after", value: "2025-03-05" },
        { column: "last_modified_date", op: "before", value: "2025-03-06" },
      ];
      for (const type of COLUMN_TYPES) {
        const covered = new Set(cases.filter((c) => ZONE_FILTER_TYPES[c.column as Column] === type).map((c) => c.op));
        // Dates and the zone's figures are never empty, so emptiness is only tested on text.
        for (const op of FILTER_OPERATORS[type].filter((o) => type === "text" || !o.includes("empty"))) {
          expect(covered, `${type} ${op}`).toContain(op);
        }
      }
      for (const c of cases) {
        const want = await expectSameRows(all, [c]);
        // Every case keeps some rows and drops others, so a condition that is ignored cannot pass.
        expect(want.length, JSON.stringify(c)).toBeGreaterThan(0);
        expect(want.length, JSON.stringify(c)).toBeLessThan(all.length);
      }
    });

    it("compares whole-number columns with fractions and huge numbers like the reference", async () => {
      const all = (await page({}, "bravo")).zones;
      const units = [...new Set(all.map((z) => z.total_units))].sort((x, y) => x - y);
      const mid = (units[Math.floor(units.length / 2)] ?? 0) + 0.5;
      for (const op of ["eq", "ne", "gt", "gte", "lt", "lte"] as const) {
        for (const value of [String(mid), String(-mid), "1e30", "-1e30", "0.0"]) {
          await expectSameRows(all, [{ column: "total_units", op, value }]);
        }
      }
      await expectSameRows(all, [], { total_units: String(mid) });
      await expectSameRows(all, [], { building_count: "1.0" });
    });

    it("quick-filters every filterable column like the reference, wildcards literally, dates as shown", async () => {
      const all = (await page({}, "bravo")).zones;
      const sample = all.find((z) => z.total_units > 0 && z.tax_id && z.url) ?? all[0];
      if (!sample) throw new Error("no zones seeded");
      const texts: Record<Column, string> = {
        name: sample.name.slice(2, 7).toUpperCase(),
        property_name: sample.property.name.slice(1, 5),
        description: "building a",
        logo: "LOGOS/",
        secondary_url: "residents",
        url: (sample.url ?? "").slice(-6),
        tax_id: (sample.tax_id ?? "").slice(0, 2),
        city: (sample.address.city ?? "").slice(0, 3),
        state_name: sample.address.state.state_name ?? "",
        building_count: String(sample.building_count),
        total_units: String(sample.total_units),
        occupied_units: String(sample.occupied_units),
        created_date: "3/5/2025",
        last_modified_date: "/2025",
      };
      for (const [column, text] of Object.entries(texts)) {
        const want = await expectSameRows(all, [], { [column]: text });
        expect(want.length, `${column} ${text}`).toBeGreaterThan(0);
      }
      expect((await expectSameRows(all, [], { name: "50%" })).map((z) => z.name)).toEqual(["50% Court_A"]);
      expect(await expectSameRows(all, [], { name: "%" })).toHaveLength(1);
      expect(await expectSameRows(all, [], { total_units: "abc" })).toHaveLength(0);
      // Two quick filters and a condition together.
      await expectSameRows(all, [{ column: "building_count", op: "gte", value: "1" }], {
        name: sample.name.slice(0, 4),
        city: texts.city,
      });
    });
  });

  it("shows occupancy only where there are units, and keeps organizations apart", async () => {
    const bravo = (await page({ sort_by: "occupied_units/total_units", sort_direction: "desc" }, "bravo")).zones;
    const empty = bravo.filter((z) => z.building_count === 0);
    expect(empty.length).toBeGreaterThan(0);
    expect(bravo.slice(-empty.length).every((z) => z.total_units === 0)).toBe(true);
    const alpha = await page();
    const bravoIds = new Set(bravo.map((z) => z.id));
    expect(alpha.zones.some((z) => bravoIds.has(z.id))).toBe(false);
    const properties = new Set(alpha.zones.map((z) => z.property_id));
    expect(bravo.some((z) => properties.has(z.property_id))).toBe(false);
  });
});
