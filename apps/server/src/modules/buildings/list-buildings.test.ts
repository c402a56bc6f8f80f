import {
  BUILDING_FILTER_TYPES,
  BUILDING_SORT_KEYS,
  type BuildingRow,
  buildingListSchema,
} from "@keyholder/contracts/buildings";
import { COLUMN_TYPES } from "@keyholder/contracts/columns";
import { FILTER_OPERATORS, type FilterCondition } from "@keyholder/contracts/list-query";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cell, matchesCondition, matchesQuickFilter } from "../../../test/filter-reference.ts";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

describe("GET /api/v1/buildings/details", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  const orgId: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, seed] of [
      ["alpha", 11],
      ["bravo", 12],
    ] as const) {
      const org = await signedInOrganization(t, name, { scale: 600, seed });
      cookie[name] = org.cookie;
      orgId[name] = org.orgId;
    }
    // The demo data has no empty names or numbers and no LIKE wildcards; the filter-builder tests (on
    // bravo) need those, and created dates either side of midnight UTC on days no other row has.
    await asSystem(t.db, async (tx) => {
      await tx.execute(
        sql`update buildings set created_date = '2026-01-15T12:00:00Z' where organization_id = ${orgId.bravo}`,
      );
      const { rows } = (await tx.execute(
        sql`select id from buildings where organization_id = ${orgId.bravo} order by id limit 6`,
      )) as unknown as { rows: { id: number }[] };
      const [b0, b1, b2, b3, b4, b5] = rows.map((r) => Number(r.id));
      const set = (id: number | undefined, changes: ReturnType<typeof sql>) =>
        tx.execute(sql`update buildings set ${changes} where organization_id = ${orgId.bravo} and id = ${id}`);
      await set(b0, sql`name = null, created_date = '2025-03-05T23:30:00Z'`);
      await set(b1, sql`name = '', created_date = '2025-03-06T00:15:00Z'`);
      await set(b2, sql`name = '50% Tower_A', created_date = '2025-11-03T12:00:00Z'`);
      await set(b3, sql`building_number = null`);
      await set(b4, sql`created_date = '2024-12-31T23:59:59Z'`);
      await set(b5, sql`last_modified_date = '2025-03-05T01:00:00Z'`);
    });
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string | number | undefined>, org = "alpha") => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/buildings/details?${new URLSearchParams(
        Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
      )}`,
      cookies: { kh_session: cookie[org] ?? "" },
    });
    return res;
  };
  const page = async (query: Record<string, string | number>) => buildingListSchema.parse((await list(query)).json());

  it("pages with offset + count below total_count and no overlap", async () => {
    const first = await page({ limit: 7 });
    expect(first.count).toBe(7);
    expect(first.total_count).toBeGreaterThan(14);
    const second = await page({ limit: 7, offset: first.offset + first.count });
    expect(second.offset).toBe(7);
    const ids = new Set(first.buildings.map((b) => b.id));
    expect(second.buildings.some((b) => ids.has(b.id))).toBe(false);
    const last = await page({ limit: 2000, offset: first.total_count - 3 });
    expect(last.count).toBe(3);
  });

  it("computes unit totals from the units", async () => {
    const all = await page({});
    const sum = all.buildings.reduce((s, b) => s + b.total_units, 0);
    expect(sum).toBe(600);
    expect(all.buildings.every((b) => b.occupied_units <= b.total_units)).toBe(true);
  });

  it.each(BUILDING_SORT_KEYS.flatMap((key) => [[key, "asc"] as const, [key, "desc"] as const]))(
    "sorts by %s %s",
    async (key, direction) => {
      const { buildings } = await page({ sort_by: key, sort_direction: direction });
      const value = (b: (typeof buildings)[number]) =>
        ({
          "b.name": b.name,
          "b.building_number": b.building_number,
          "b.created_date": b.created_date,
          "b.last_modified_date": b.last_modified_date,
          "p.name": b.property_name,
          "z.name": b.zone_name,
          "bt.name": b.building_type_name,
          total_units: b.total_units,
          occupied_units: b.occupied_units,
          "occupied_units/total_units": b.total_units ? b.occupied_units / b.total_units : null,
          "a.city": b.address.city,
          "s.state_name": b.address.state.state_name,
        })[key];
      const values = buildings.map(value).filter((v) => v !== null) as (string | number)[];
      const sorted = [...values].sort((x, y) =>
        typeof x === "number" && typeof y === "number"
          ? x - y
          : String(x).localeCompare(String(y), "en", { sensitivity: "base" }),
      );
      if (direction === "desc") sorted.reverse();
      if (typeof values[0] === "number") expect(values).toEqual(sorted);
      else expect(values.map((v) => String(v).toLowerCase()[0])).toEqual(sorted.map((v) => String(v).toLowerCase()[0]));
    },
  );

  it("refuses a sort key or filter column that is not whitelisted, before any SQL", async () => {
    for (const query of [
      { sort_by: "b.name; drop table buildings" },
      { sort_by: "password_hash" },
      { sort_direction: "sideways" },
      { filters: JSON.stringify({ "1=1) or (true": "x" }) },
      { filters: "{not json" },
      { limit: 2001 },
      { offset: -1 },
    ]) {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });

  it("filters: numbers by equality, text by case-insensitive substring, empty cells never match", async () => {
    const all = await page({});
    const sample = all.buildings.find((b) => b.address.city) ?? all.buildings[0];
    const byCity = await page({ filters: JSON.stringify({ city: sample?.address.city?.toUpperCase().slice(1, 5) }) });
    expect(byCity.total_count).toBeGreaterThan(0);
    expect(byCity.total_count).toBeLessThanOrEqual(all.total_count);
    expect(
      byCity.buildings.every((b) =>
        b.address.city?.toLowerCase().includes(sample?.address.city?.toLowerCase().slice(1, 5) ?? ""),
      ),
    ).toBe(true);
    const units = sample?.total_units ?? 0;
    const byUnits = await page({ filters: JSON.stringify({ total_units: String(units) }) });
    expect(byUnits.buildings.every((b) => b.total_units === units)).toBe(true);
    expect(byUnits.total_count).toBe(all.buildings.filter((b) => b.total_units === units).length);
    expect((await page({ filters: JSON.stringify({ total_units: "abc" }) })).total_count).toBe(0);
    expect((await page({ filters: JSON.stringify({ name: "%" }) })).total_count).toBe(0);
  });

  describe("filter builder conditions", () => {
    type Column = keyof typeof BUILDING_FILTER_TYPES;
    const cell = (b: BuildingRow, column: Column): Cell =>
      ({
        name: b.name,
        building_number: b.building_number,
        number_of_units: b.number_of_units,
        property_name: b.property_name,
        zone_name: b.zone_name,
        building_type_name: b.building_type_name,
        total_units: b.total_units,
        occupied_units: b.occupied_units,
        city: b.address.city,
        state_name: b.address.state.state_name,
        created_date: b.created_date,
        last_modified_date: b.last_modified_date,
      })[column];
    const bravo = async (query: Record<string, string>) => {
      const res = await list(query, "bravo");
      expect(res.statusCode, res.body).toBe(200);
      return buildingListSchema.parse(res.json());
    };
    const ids = (rows: BuildingRow[]) => rows.map((b) => b.id).sort((x, y) => x - y);
    /** The rows of all bravo buildings that every condition and quick filter keeps, worked out in JS. */
    const expected = (
      all: BuildingRow[],
      conditions: FilterCondition[],
      filters: Partial<Record<Column, string>> = {},
    ) =>
      all.filter(
        (b) =>
          conditions.every((c) =>
            matchesCondition(BUILDING_FILTER_TYPES[c.column as Column], cell(b, c.column as Column), c),
          ) &&
          Object.entries(filters).every(([column, text]) =>
            matchesQuickFilter(BUILDING_FILTER_TYPES[column as Column], cell(b, column as Column), text ?? ""),
          ),
      );
    const expectSameRows = async (
      all: BuildingRow[],
      conditions: FilterCondition[],
      filters: Partial<Record<Column, string>> = {},
    ) => {
      const want = expected(all, conditions, filters);
      const got = await bravo({ conditions: JSON.stringify(conditions), filters: JSON.stringify(filters) });
      expect(got.total_count, JSON.stringify({ conditions, filters })).toBe(want.length);
      expect(ids(got.buildings)).toEqual(ids(want));
      return want;
    };

    it("applies every operator of every column type like the reference, on the seeded rows", async () => {
      const all = (await bravo({})).buildings;
      const named = all.filter((b) => b.name?.startsWith("Building"));
      const sample = named[Math.floor(named.length / 2)] ?? all[0];
      if (!sample) throw new Error("no buildings seeded");
      const city = sample.address.city ?? "";
      const units = [...new Set(all.map((b) => b.total_units))].sort((x, y) => x - y);
      const median = String(units[Math.floor(units.length / 2)]);
      const occupied = [...new Set(all.map((b) => b.occupied_units))].sort((x, y) => x - y);
      const lowOccupied = occupied[Math.floor(occupied.length / 3)];
      const cases: FilterCondition[] = [
        { column: "city", op: "contains", value: city.slice(1, 4).toUpperCase() },
        { column: "name", op: "not_contains", value: "building" },
        { column: "city", op: "equals", value: city.toLowerCase() },
        { column: "city", op: "not_equals", value: city.toUpperCase() },
        { column: "property_name", op: "starts_with", value: sample.property_name.slice(0, 3).toLowerCase() },
        {
          column: "building_type_name",
          op: "ends_with",
          value: (sample.building_type_name ?? "").slice(-3).toUpperCase(),
        },
        { column: "name", op: "is_empty" },
        { column: "name", op: "is_not_empty" },
        { column: "total_units", op: "eq", value: String(sample.total_units) },
        { column: "building_number", op: "ne", value: "1" },
        { column: "occupied_units", op: "gt", value: median },
        { column: "total_units", op: "gte", value: median },
        { column: "total_units", op: "lt", value: `${median}.5` },
        { column: "occupied_units", op: "lte", value: `${lowOccupied}e0` },
        { column: "building_number", op: "gt", value: "1.5" },
        { column: "building_number", op: "is_empty" },
        { column: "building_number", op: "is_not_empty" },
        { column: "created_date", op: "on", value: "2025-03-05" },
        { column: "created_date", op: "before", value: "2025-03-06" },
        { column: "created_date", op: "after", value: "2025-03-05" },
        { column: "last_modified_date", op: "on", value: "2025-03-05" },
      ];
      for (const type of COLUMN_TYPES) {
        const covered = new Set(
          cases.filter((c) => BUILDING_FILTER_TYPES[c.column as Column] === type).map((c) => c.op),
        );
        for (const op of FILTER_OPERATORS[type].filter((o) => type !== "date" || !o.includes("empty"))) {
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

    it("compares dates by UTC calendar day and treats an empty text cell as null or ''", async () => {
      const all = (await bravo({})).buildings;
      const on = await bravo({
        conditions: JSON.stringify([{ column: "created_date", op: "on", value: "2025-03-05" }]),
      });
      expect(on.buildings.map((b) => b.created_date)).toEqual(["2025-03-05T23:30:00.000Z"]);
      const before = await expectSameRows(all, [{ column: "created_date", op: "before", value: "2025-03-06" }]);
      expect(before.map((b) => b.created_date)).toEqual(
        expect.arrayContaining(["2024-12-31T23:59:59.000Z", "2025-03-05T23:30:00.000Z"]),
      );
      expect(before.every((b) => b.created_date < "2025-03-06")).toBe(true);
      const empty = await bravo({ conditions: JSON.stringify([{ column: "name", op: "is_empty" }]) });
      expect(empty.buildings.map((b) => b.name).sort()).toEqual(["", null]);
      // "Does not contain" keeps the empty names: there is nothing in them to contain the text.
      const without = await expectSameRows(all, [{ column: "name", op: "not_contains", value: "tower" }]);
      expect(without.filter((b) => !b.name)).toHaveLength(2);
      expect(without).toHaveLength(all.length - 1);
      const notOne = await expectSameRows(all, [{ column: "building_number", op: "ne", value: "1" }]);
      expect(notOne.some((b) => b.building_number === null)).toBe(true);
    });

    it("matches LIKE wildcards literally", async () => {
      for (const value of ["%", "_", "0% t"]) {
        const got = await bravo({ conditions: JSON.stringify([{ column: "name", op: "contains", value }]) });
        expect(got.buildings.map((b) => b.name)).toEqual(["50% Tower_A"]);
      }
      const starts = await bravo({ conditions: JSON.stringify([{ column: "name", op: "starts_with", value: "5_" }]) });
      expect(starts.total_count).toBe(0);
    });

    it("ANDs conditions with each other and with the quick filters", async () => {
      const all = (await bravo({})).buildings;
      const units = [...new Set(all.map((b) => b.total_units))].sort((x, y) => x - y);
      const low = String(units[Math.floor(units.length / 3)]);
      const both = await expectSameRows(all, [
        { column: "name", op: "contains", value: "s" },
        { column: "total_units", op: "gt", value: low },
      ]);
      const eachAlone = [
        expected(all, [{ column: "name", op: "contains", value: "s" }]),
        expected(all, [{ column: "total_units", op: "gt", value: low }]),
      ];
      for (const alone of eachAlone) expect(both.length).toBeLessThan(alone.length);
      expect(both.length).toBeGreaterThan(0);
      const occupied = [...new Set(all.map((b) => b.occupied_units))].sort((x, y) => x - y);
      const half = String(occupied[Math.floor(occupied.length / 2)]);
      const mixed = await expectSameRows(all, [{ column: "occupied_units", op: "gte", value: half }], {
        name: "ing b",
      });
      expect(mixed.length).toBeGreaterThan(0);
      expect(mixed.length).toBeLessThan(expected(all, [], { name: "ing b" }).length);
    });

    it("quick-filters date columns on the date as the grid shows it, in UTC", async () => {
      const all = (await bravo({})).buildings;
      const today = all.find((b) => !b.created_date.startsWith("202"))?.created_date ?? all.at(-1)?.created_date ?? "";
      for (const text of ["3/5/2025", "3/6/2025", "11/3/", "/2025", "12/31/2024"]) {
        const want = await expectSameRows(all, [], { created_date: text });
        expect(want.length, text).toBeGreaterThan(0);
      }
      const [late] = await expectSameRows(all, [], { created_date: "3/6/2025" });
      expect(late?.created_date).toBe("2025-03-06T00:15:00.000Z");
      expect((await bravo({ filters: JSON.stringify({ created_date: "03/05/2025" }) })).total_count).toBe(0);
      expect(today).not.toBe("");
    });

    it.each([
      ["unknown column", [{ column: "organization_id", op: "equals", value: "x" }], /unknown column organization_id/],
      ["op not fitting", [{ column: "name", op: "gt", value: "1" }], /operator gt does not fit text column name/],
      ["missing value", [{ column: "city", op: "contains" }], /needs a value/],
      ["non-numeric", [{ column: "total_units", op: "gte", value: "12 units" }], /is not a number/],
      ["bad date", [{ column: "created_date", op: "on", value: "2025-02-29" }], /is not a date/],
      ["too many", Array(21).fill({ column: "name", op: "is_not_empty" }), /at most 20 conditions/],
      ["not JSON", "[{", /must be a JSON array/],
      ["not an array", { column: "name", op: "contains", value: "x" }, /must be a JSON array/],
    ])("refuses %s with 400 VALIDATION_FAILED, before any SQL", async (_, conditions, message) => {
      const res = await list(
        { conditions: typeof conditions === "string" ? conditions : JSON.stringify(conditions) },
        "bravo",
      );
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.fields.conditions).toContainEqual(expect.stringMatching(message));
    });
  });

  it("shows each organization only its own buildings, and nothing signed out", async () => {
    const alpha = await page({});
    const bravo = buildingListSchema.parse((await list({}, "bravo")).json());
    const alphaProps = new Set(alpha.buildings.map((b) => b.property_id));
    expect(bravo.buildings.some((b) => alphaProps.has(b.property_id))).toBe(false);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/buildings/details" });
    expect(anonymous.statusCode).toBe(401);
  });
});
