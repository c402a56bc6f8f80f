import { BUILDING_SORT_KEYS, buildingListSchema } from "@keyholder/contracts/buildings";
import { FLOOR_PLAN_SORT_KEYS, floorPlanListSchema } from "@keyholder/contracts/floor-plans";
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
  beforeAll(async () => {
    t = await createTestApp();
    const org = await signedInOrganization(t, "pager", { scale: 1500, seed: 21 });
    cookie = org.cookie;
    // Empty values sort last in both directions, so some are needed on both tables.
    await asSystem(t.db, async (tx) => {
      await tx.execute(sql`update buildings set name = null where organization_id = ${org.orgId} and id % 4 = 0`);
      await tx.execute(
        sql`update buildings set building_number = null where organization_id = ${org.orgId} and id % 5 = 0`,
      );
      await tx.execute(
        sql`update floor_plans set plan_code = null, total_square_feet = null where organization_id = ${org.orgId} and id % 3 = 0`,
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
  ];

  /** Every page of `limit` rows from offset 0 on, as the grid's infinite scroll asks for them. */
  const walk = async (list: (typeof lists)[number], q: Record<string, string | number>, limit: number) => {
    const ids: unknown[] = [];
    let offset = 0;
    for (;;) {
      const page = await list.ids({ ...q, limit, offset });
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
        const walked = await walk(list, q, 13);
        expect(walked.total).toBe(whole.total);
        expect(walked.ids).toEqual(whole.ids);
      },
    );

    it(`${list.path}: a filtered list totals its matches on every page`, async () => {
      const q = { sort_by: list.keys[0], sort_direction: "asc", filters: JSON.stringify(list.filter) };
      const whole = await list.ids(q);
      expect(whole.count).toBeGreaterThan(13);
      expect(whole.total).toBe(whole.count);
      const walked = await walk(list, q, 13);
      expect(walked).toEqual({ ids: whole.ids, total: whole.total });
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
});
