import { BUILDING_SORT_KEYS, buildingListSchema } from "@keyholder/contracts/buildings";
import { FLOOR_PLAN_SORT_KEYS, floorPlanListSchema } from "@keyholder/contracts/floor-plans";
import { PROPERTY_SORT_KEYS, propertyListSchema } from "@keyholder/contracts/properties";
import { UNIT_SORT_KEYS, unitListSchema } from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../test/test-app.ts";
import { asSystem } from "../db/client.ts";

/**
 * pageOf finds a page's keys before its rows, reads pages near the end from the end, takes an
 * unfiltered total from the maintained counts and a filtered one from the same pass as the keys.
 * Whatever the route, walking the pages must give exactly the rows of one big page, in order.
 */
describe("paged lists read from either end", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie = "";
  let orgId = "";
  beforeAll(async () => {
    t = await createTestApp();
    const org = await signedInOrganization(t, "pager", { scale: 1500, seed: 21 });
    cookie = org.cookie;
    orgId = org.orgId;
    // Empty values sort last in both directions, so some are needed on both tables.
    await asSystem(t.db, async (tx) => {
      await tx.execute(sql`update buildings set name = null where organization_id = ${org.orgId} and id % 4 = 0`);
      await tx.execute(
        sql`update buildings set building_number = null where organization_id = ${org.orgId} and id % 5 = 0`,
      );
      await tx.execute(
        sql`update floor_plans set plan_code = null, total_square_feet = null where organization_id = ${org.orgId} and id % 3 = 0`,
      );
      await tx.execute(sql`update units set number_of_bathrooms = null, square_footage = null, date_available = null
        where organization_id = ${org.orgId} and unit_id % 7 = 0`);
      await tx.execute(
        sql`update units set floor_plan_id = null where organization_id = ${org.orgId} and unit_id % 11 = 0`,
      );
      await tx.execute(
        sql`update units set building_id = null where organization_id = ${org.orgId} and unit_id % 13 = 0`,
      );
    });
  });
  afterAll(() => t.close());

  const get = async (path: string, query: Record<string, string | number>) => {
    const res = await t.app.inject({
      method: "GET",
      url: `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      cookies: { kh_session: cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const lists = [
    {
      path: "/api/v1/buildings/details",
      keys: BUILDING_SORT_KEYS,
      filter: { name: "building" },
      ids: async (q: Record<string, string | number>) => {
        const r = buildingListSchema.parse(await get("/api/v1/buildings/details", q));
        return { ids: r.buildings.map((b) => b?.id), total: r.total_count, count: r.count };
      },
    },
    {
      path: "/api/v1/floor-plans",
      keys: FLOOR_PLAN_SORT_KEYS,
      filter: { plan_name: "bed" },
      ids: async (q: Record<string, string | number>) => {
        const r = floorPlanListSchema.parse(await get("/api/v1/floor-plans", q));
        return { ids: r.floor_plans.map((f) => f?.id), total: r.total_count, count: r.count };
      },
    },
    {
      path: "/api/v1/units",
      keys: UNIT_SORT_KEYS,
      filter: { building_name: "building" },
      ids: async (q: Record<string, string | number>) => {
        const r = unitListSchema.parse(await get("/api/v1/units", q));
        return { ids: r.units.map((u) => u.unit_id), total: r.total_count, count: r.count };
      },
    },
    {
      path: "/api/v1/properties/details",
      keys: PROPERTY_SORT_KEYS,
      filter: { name: "e" },
      // Some fifteen properties at this scale: pages of 4 still make several.
      page: 4,
      ids: async (q: Record<string, string | number>) => {
        const r = propertyListSchema.parse(await get("/api/v1/properties/details", q));
        return { ids: r.properties.map((p) => p.id), total: r.total_count, count: r.count };
      },
    },
  ];

  const pageSize = (list: (typeof lists)[number]) => (list as { page?: number }).page ?? 13;

  /**
   * Every page of `limit` rows from offset 0 on, as the grid's infinite scroll asks for them: with
   * `after`, each page also names the last row of the one before, as the grid sends it.
   */
  const walk = async (
    list: (typeof lists)[number],
    q: Record<string, string | number>,
    limit: number,
    o: { after?: boolean } = {},
  ) => {
    const ids: unknown[] = [];
    let offset = 0;
    for (;;) {
      const last = ids.at(-1);
      const page = await list.ids({
        ...q,
        limit,
        offset,
        ...(o.after && last !== undefined ? { after: String(last) } : {}),
      });
      ids.push(...page.ids);
      offset += page.count;
      if (page.count === 0 || offset >= page.total) return { ids, total: page.total };
    }
  };

  for (const list of lists) {
    it.each(list.keys.flatMap((key) => [[key, "asc"] as const, [key, "desc"] as const]))(
      `${list.path}: pages sorted by %s %s join up to the whole list`,
      async (key, direction) => {
        const q = { sort_by: key, sort_direction: direction };
        const whole = await list.ids(q);
        expect(whole.total).toBe(whole.count);
        const size = pageSize(list);
        const walked = await walk(list, q, size);
        expect(walked.total).toBe(whole.total);
        expect(walked.ids).toEqual(whole.ids);
        expect(await walk(list, q, size, { after: true })).toEqual({ ids: whole.ids, total: whole.total });
      },
    );

    it(`${list.path}: a filtered list totals its matches on every page`, async () => {
      const q = { sort_by: list.keys[0], sort_direction: "asc", filters: JSON.stringify(list.filter) };
      const whole = await list.ids(q);
      const size = pageSize(list);
      expect(whole.count).toBeGreaterThan(size);
      expect(whole.total).toBe(whole.count);
      const walked = await walk(list, q, size);
      expect(walked).toEqual({ ids: whole.ids, total: whole.total });
      expect(await walk(list, q, size, { after: true })).toEqual({ ids: whole.ids, total: whole.total });
    });

    it(`${list.path}: an offset past the end gives no rows and the true total`, async () => {
      const all = await list.ids({});
      expect(await list.ids({ offset: all.total + 5 })).toEqual({ ids: [], total: all.total, count: 0 });
      const filtered = await list.ids({ filters: JSON.stringify(list.filter) });
      expect(await list.ids({ offset: all.total + 5, filters: JSON.stringify(list.filter) })).toEqual({
        ids: [],
        total: filtered.total,
        count: 0,
      });
    });
  }

  const units = lists.find((l) => l.path === "/api/v1/units");
  it.each([
    ["a number the sort indexes carry", { filters: JSON.stringify({ number_of_bedrooms: "2" }) }],
    [
      "a building's name",
      { conditions: JSON.stringify([{ column: "building_name", op: "not_contains", value: "b" }]) },
    ],
    ["square feet over 800", { conditions: JSON.stringify([{ column: "square_footage", op: "gt", value: "800" }]) }],
  ])("units filtered by %s load on after the last row as by offset", async (_, filter) => {
    if (!units) throw new Error("no units list");
    for (const order of [
      { sort_by: "u.unit_number", sort_direction: "desc" },
      { sort_by: "fp.base_rent_estimate", sort_direction: "asc" },
      { sort_by: "u.square_footage", sort_direction: "desc" },
    ]) {
      const q = { ...order, ...filter };
      const whole = await units.ids(q);
      expect(whole.count).toBeGreaterThan(26);
      expect(await walk(units, q, 13, { after: true }), JSON.stringify(q)).toEqual({
        ids: whole.ids,
        total: whole.total,
      });
    }
  });

  it("a page after a row starts right after it though rows before it went meanwhile; an unknown row is read by offset", async () => {
    if (!units) throw new Error("no units list");
    const q = { sort_by: "u.square_footage", sort_direction: "asc" };
    const first = await units.ids({ ...q, limit: 13 });
    const last = String(first.ids.at(-1));
    const gone = first.ids.slice(2, 5);
    await asSystem(t.db, (tx) =>
      tx.execute(
        sql`delete from units where organization_id = ${orgId} and unit_id in (${sql.join(
          gone.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
    const whole = await units.ids(q);
    const next = whole.ids.map(String).indexOf(last) + 1;
    // By offset the next page would skip the three rows that moved up into the first page's place.
    expect((await units.ids({ ...q, limit: 13, offset: 13, after: last })).ids).toEqual(
      whole.ids.slice(next, next + 13),
    );
    expect((await units.ids({ ...q, limit: 13, offset: 13 })).ids).toEqual(whole.ids.slice(13, 26));
    for (const after of ["abc", "1 or 1=1", "00000000-0000-0000-0000-000000000000", "999999999999", String(gone[0])])
      expect((await units.ids({ ...q, limit: 13, offset: 13, after })).ids, after).toEqual(whole.ids.slice(13, 26));
  });
});
