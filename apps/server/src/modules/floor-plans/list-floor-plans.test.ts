import { COLUMN_TYPES } from "@keyholder/contracts/columns";
import {
  FLOOR_PLAN_FILTER_TYPES,
  FLOOR_PLAN_SORT_KEYS,
  type FloorPlanRow,
  floorPlanListSchema,
} from "@keyholder/contracts/floor-plans";
import { FILTER_OPERATORS, type FilterCondition } from "@keyholder/contracts/list-query";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cell, matchesCondition, matchesQuickFilter } from "../../../test/filter-reference.ts";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

describe("GET /api/v1/floor-plans", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookie: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    cookie.alpha = (await signedInOrganization(t, "alpha", { scale: 800, seed: 21 })).cookie;
    const bravo = await signedInOrganization(t, "bravo", { scale: 600, seed: 22 });
    cookie.bravo = bravo.cookie;
    // The demo data has no empty codes or sizes, no LIKE wildcards and every row created today; the
    // filter-builder tests (on bravo) need those, with times either side of midnight UTC.
    await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(
        sql`select id from floor_plans where organization_id = ${bravo.orgId} order by id limit 5`,
      )) as unknown as { rows: { id: number }[] };
      const [f0, f1, f2, f3, f4] = rows.map((r) => Number(r.id));
      const set = (id: number | undefined, changes: ReturnType<typeof sql>) =>
        tx.execute(sql`update floor_plans set ${changes} where organization_id = ${bravo.orgId} and id = ${id}`);
      await set(f0, sql`plan_code = null, created_date = '2025-07-04T23:45:00Z'`);
      await set(f1, sql`plan_code = '', created_date = '2025-07-05T00:05:00Z'`);
      await set(f2, sql`plan_code = 'X%_1', last_modified_date = '2025-10-01T08:00:00Z'`);
      await set(f3, sql`total_square_feet = null`);
      await set(f4, sql`created_date = '2024-01-31T12:00:00Z'`);
    });
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string>, org = "alpha") =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/floor-plans?${new URLSearchParams(query)}`,
      cookies: { kh_session: cookie[org] ?? "" },
    });
  const page = async (query: Record<string, string> = {}) => floorPlanListSchema.parse((await list(query)).json());

  it("pages and counts", async () => {
    const first = await page({ limit: "5" });
    expect(first.count).toBe(5);
    const rest = await page({ offset: "5" });
    expect(rest.count).toBe(first.total_count - 5);
  });

  it.each(FLOOR_PLAN_SORT_KEYS.filter((k) => k !== "fp.plan_code" && k !== "fp.plan_name"))(
    "sorts by %s both ways, empty values last",
    async (key) => {
      const field = key.slice(3) as keyof Awaited<ReturnType<typeof page>>["floor_plans"][number];
      // Booleans and ISO dates compare as numbers and strings of the same order.
      const rank = (v: unknown) =>
        typeof v === "boolean" ? Number(v) : typeof v === "string" ? Date.parse(v) : Number(v);
      for (const direction of ["asc", "desc"] as const) {
        const values = (await page({ sort_by: key, sort_direction: direction })).floor_plans.map((f) => f[field]);
        const present = values.filter((v) => v !== null).map(rank);
        const expected = [...present].sort((x, y) => (direction === "asc" ? x - y : y - x));
        expect(present).toEqual(expected);
        expect(values.slice(present.length).every((v) => v === null)).toBe(true);
      }
    },
  );

  it("sorts by plan name both ways", async () => {
    const names = (await page({ sort_by: "fp.plan_name" })).floor_plans.map((f) => f.plan_name);
    const back = (await page({ sort_by: "fp.plan_name", sort_direction: "desc" })).floor_plans.map((f) => f.plan_name);
    expect(back).toEqual([...names].reverse());
  });

  it("filters by bedrooms (equality), plan name (substring) and status badge text", async () => {
    const all = await page();
    const twoBed = await page({ filters: JSON.stringify({ bed_rooms: "2" }) });
    expect(twoBed.total_count).toBe(all.floor_plans.filter((f) => f.bed_rooms === 2).length);
    const byName = await page({ filters: JSON.stringify({ plan_name: "bedroom" }) });
    expect(byName.floor_plans.every((f) => f.plan_name.toLowerCase().includes("bedroom"))).toBe(true);
    const inactive = await page({ filters: JSON.stringify({ status: "inactive" }) });
    expect(inactive.total_count).toBe(all.floor_plans.filter((f) => !f.active).length);
  });

  describe("filter builder conditions", () => {
    type Column = keyof typeof FLOOR_PLAN_FILTER_TYPES;
    const cell = (f: FloorPlanRow, column: Column): Cell =>
      column === "status" ? (f.active ? "Active" : "Inactive") : f[column];
    const bravo = async (query: Record<string, string>) => {
      const res = await list(query, "bravo");
      expect(res.statusCode, res.body).toBe(200);
      return floorPlanListSchema.parse(res.json());
    };
    const ids = (rows: FloorPlanRow[]) => rows.map((f) => f.id).sort((x, y) => x - y);
    const expectSameRows = async (
      all: FloorPlanRow[],
      conditions: FilterCondition[],
      filters: Partial<Record<Column, string>> = {},
    ) => {
      const want = all.filter(
        (f) =>
          conditions.every((c) =>
            matchesCondition(FLOOR_PLAN_FILTER_TYPES[c.column as Column], cell(f, c.column as Column), c),
          ) &&
          Object.entries(filters).every(([column, text]) =>
            matchesQuickFilter(FLOOR_PLAN_FILTER_TYPES[column as Column], cell(f, column as Column), text ?? ""),
          ),
      );
      const got = await bravo({ conditions: JSON.stringify(conditions), filters: JSON.stringify(filters) });
      expect(got.total_count, JSON.stringify({ conditions, filters })).toBe(want.length);
      expect(ids(got.floor_plans)).toEqual(ids(want));
      return want;
    };

    it("applies every operator of every column type like the reference, on the seeded rows", async () => {
      const all = (await bravo({})).floor_plans;
      const rents = [...new Set(all.map((f) => f.base_rent_estimate))].sort((x, y) => x - y);
      const midRent = rents[Math.floor(rents.length / 2)] ?? 0;
      const sample = all.find((f) => f.base_rent_estimate === midRent) ?? all[0];
      if (!sample) throw new Error("no floor plans seeded");
      const cases: FilterCondition[] = [
        { column: "plan_name", op: "contains", value: "BEDROOM" },
        { column: "plan_code", op: "not_contains", value: "a" },
        { column: "status", op: "equals", value: "inactive" },
        { column: "status", op: "not_equals", value: "ACTIVE" },
        { column: "plan_name", op: "starts_with", value: "b" },
        { column: "plan_name", op: "ends_with", value: sample.plan_name.slice(-4).toLowerCase() },
        { column: "plan_code", op: "is_empty" },
        { column: "plan_code", op: "is_not_empty" },
        { column: "bed_rooms", op: "eq", value: "2" },
        { column: "total_square_feet", op: "ne", value: String(sample.total_square_feet) },
        { column: "bath_rooms", op: "gt", value: "1.5" },
        { column: "base_rent_estimate", op: "gte", value: String(midRent) },
        { column: "base_rent_estimate", op: "lt", value: `${midRent}.01` },
        { column: "total_square_feet", op: "lte", value: "900" },
        { column: "total_square_feet", op: "is_empty" },
        { column: "total_square_feet", op: "is_not_empty" },
        { column: "created_date", op: "on", value: "2025-07-04" },
        { column: "created_date", op: "before", value: "2025-07-05" },
        { column: "created_date", op: "after", value: "2025-07-04" },
        { column: "last_modified_date", op: "before", value: "2025-10-02" },
      ];
      for (const type of COLUMN_TYPES) {
        const covered = new Set(
          cases.filter((c) => FLOOR_PLAN_FILTER_TYPES[c.column as Column] === type).map((c) => c.op),
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

    it("keeps empty codes for 'does not contain', matches wildcards literally, compares UTC days", async () => {
      const all = (await bravo({})).floor_plans;
      const without = await expectSameRows(all, [{ column: "plan_code", op: "not_contains", value: "%" }]);
      expect(without).toHaveLength(all.length - 1);
      expect(without.filter((f) => !f.plan_code)).toHaveLength(2);
      const wild = await bravo({ conditions: JSON.stringify([{ column: "plan_code", op: "equals", value: "x%_1" }]) });
      expect(wild.floor_plans.map((f) => f.plan_code)).toEqual(["X%_1"]);
      const on = await bravo({
        conditions: JSON.stringify([{ column: "created_date", op: "on", value: "2025-07-05" }]),
      });
      expect(on.floor_plans.map((f) => f.created_date)).toEqual(["2025-07-05T00:05:00.000Z"]);
    });

    it("ANDs two conditions and a quick filter", async () => {
      const all = (await bravo({})).floor_plans;
      const two: FilterCondition[] = [
        { column: "bed_rooms", op: "gte", value: "1" },
        { column: "status", op: "equals", value: "active" },
      ];
      const both = await expectSameRows(all, two);
      expect(both.length).toBeGreaterThan(0);
      expect(both.length).toBeLessThan(
        Math.min(
          ...two.map(
            (c) =>
              all.filter((f) =>
                matchesCondition(FLOOR_PLAN_FILTER_TYPES[c.column as Column], cell(f, c.column as Column), c),
              ).length,
          ),
        ),
      );
      const mixed = await expectSameRows(all, two, { plan_name: "bedroom" });
      expect(mixed.length).toBeGreaterThan(0);
      expect(mixed.length).toBeLessThan(both.length);
    });

    it("quick-filters date columns on the date as the grid shows it, in UTC", async () => {
      const all = (await bravo({})).floor_plans;
      for (const text of ["7/4/2025", "7/5/2025", "1/31/", "/2025"]) {
        const want = await expectSameRows(all, [], { created_date: text });
        expect(want.length, text).toBeGreaterThan(0);
      }
      const [late] = await expectSameRows(all, [], { created_date: "7/5/2025" });
      expect(late?.created_date).toBe("2025-07-05T00:05:00.000Z");
      await expectSameRows(all, [], { last_modified_date: "10/1/2025", status: "act" });
    });

    it.each([
      ["unknown column", [{ column: "organization_id", op: "contains", value: "x" }], /unknown column organization_id/],
      ["op not fitting", [{ column: "bed_rooms", op: "contains", value: "2" }], /does not fit number column bed_rooms/],
      ["missing value", [{ column: "created_date", op: "after", value: "" }], /needs a value/],
      ["non-numeric", [{ column: "base_rent_estimate", op: "lt", value: "$1,500" }], /is not a number/],
      ["bad date", [{ column: "last_modified_date", op: "before", value: "yesterday" }], /is not a date/],
      ["too many", Array(21).fill({ column: "status", op: "is_not_empty" }), /at most 20 conditions/],
      ["not JSON", "status=active", /must be a JSON array/],
      ["not an array", '"status"', /must be a JSON array/],
    ])("refuses %s with 400 VALIDATION_FAILED", async (_, conditions, message) => {
      const res = await list({ conditions: typeof conditions === "string" ? conditions : JSON.stringify(conditions) });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.fields.conditions).toContainEqual(expect.stringMatching(message));
    });
  });

  it("refuses unknown sort keys and filters, and keeps organizations apart", async () => {
    expect((await list({ sort_by: "fp.plan_name desc; --" })).statusCode).toBe(400);
    expect((await list({ filters: JSON.stringify({ organization_id: "x" }) })).statusCode).toBe(400);
    const alpha = await page();
    const bravo = floorPlanListSchema.parse((await list({}, "bravo")).json());
    expect(new Set(bravo.floor_plans.map((f) => f.organization_id)).size).toBe(1);
    expect(bravo.floor_plans[0]?.organization_id).not.toBe(alpha.floor_plans[0]?.organization_id);
  });
});
