import { buildingListSchema } from "@keyholder/contracts/buildings";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem, withOrg } from "../../db/client.ts";
import { buildings, floorPlans, units } from "../../db/schema/index.ts";

/**
 * buildings.total_units / occupied_units and organization_row_counts are maintained by triggers;
 * after every kind of change, made as the request role under row-level security, they must equal
 * what counting the rows gives.
 */
describe("building unit counters", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Awaited<ReturnType<typeof signedInOrganization>>;
  let bravo: Awaited<ReturnType<typeof signedInOrganization>>;
  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "alpha", { scale: 150, seed: 3 });
    bravo = await signedInOrganization(t, "bravo", { scale: 120, seed: 4 });
  });
  afterAll(() => t.close());

  /** Every building whose counters disagree with its units, and every stale row count, over all organizations. */
  const drift = () =>
    asSystem(t.db, async (tx) => {
      const counters = (await tx.execute(sql`
        select b.organization_id, b.id, b.total_units, b.occupied_units, coalesce(u.total, 0) as total, coalesce(u.occupied, 0) as occupied
        from buildings b
        left join (select organization_id, building_id, count(*)::int as total, count(*) filter (where occupied)::int as occupied
                   from units group by 1, 2) u on u.organization_id = b.organization_id and u.building_id = b.id
        where b.total_units <> coalesce(u.total, 0) or b.occupied_units <> coalesce(u.occupied, 0)`)) as unknown as {
        rows: unknown[];
      };
      const rowCounts = (await tx.execute(sql`
        select o.id, t.name, coalesce(c.row_count, 0)::int as kept, t.actual
        from organizations o
        cross join lateral (select 'buildings' as name, (select count(*)::int from buildings where organization_id = o.id) as actual
                            union all
                            select 'floor_plans', (select count(*)::int from floor_plans where organization_id = o.id)) t
        left join organization_row_counts c on c.organization_id = o.id and c.table_name = t.name
        where coalesce(c.row_count, 0) <> t.actual`)) as unknown as { rows: unknown[] };
      return { counters: counters.rows, rowCounts: rowCounts.rows };
    });

  const asAlpha = <T>(fn: Parameters<typeof withOrg<T>>[2]) => withOrg(t.db, { orgId: alpha.orgId }, fn);

  const counters = (ids: number[]) =>
    asSystem(t.db, (tx) =>
      tx
        .select({ id: buildings.id, total: buildings.totalUnits, occupied: buildings.occupiedUnits })
        .from(buildings)
        .where(and(eq(buildings.organizationId, alpha.orgId), inArray(buildings.id, ids)))
        .orderBy(buildings.id),
    );

  /** Two of alpha's buildings, with their property, for units to be added to and moved between. */
  const twoBuildings = () =>
    asAlpha((tx) =>
      tx.select({ id: buildings.id, propertyId: buildings.propertyId }).from(buildings).orderBy(buildings.id).limit(2),
    );

  it("match the units after the demo generator's bulk inserts", async () => {
    expect(await drift()).toEqual({ counters: [], rowCounts: [] });
    const [some] = await counters([(await twoBuildings())[0]?.id ?? 0]);
    expect(some?.total).toBeGreaterThan(0);
  });

  it("follow inserts, moves, occupancy flips and deletes of units", async () => {
    const [a, b] = await twoBuildings();
    if (!a || !b) throw new Error("fixture has fewer than two buildings");
    const [beforeA, beforeB] = await counters([a.id, b.id]);
    if (!beforeA || !beforeB) throw new Error("buildings vanished");

    const added = await asAlpha((tx) =>
      tx
        .insert(units)
        .values(
          [true, false, true].map((occupied, i) => ({
            organizationId: alpha.orgId,
            propertyId: a.propertyId,
            buildingId: a.id,
            unitNumber: `T${i}`,
            occupied,
          })),
        )
        .returning({ id: units.unitId }),
    );
    expect(await counters([a.id, b.id])).toEqual([
      { id: a.id, total: beforeA.total + 3, occupied: beforeA.occupied + 2 },
      beforeB,
    ]);

    const [first, second, third] = added.map((u) => u.id);
    // An occupied unit moves to b (its property may differ; only the building link counts here).
    await asAlpha((tx) =>
      tx
        .update(units)
        .set({ buildingId: b.id })
        .where(eq(units.unitId, first ?? 0)),
    );
    expect(await counters([a.id, b.id])).toEqual([
      { id: a.id, total: beforeA.total + 2, occupied: beforeA.occupied + 1 },
      { id: b.id, total: beforeB.total + 1, occupied: beforeB.occupied + 1 },
    ]);

    // A vacant unit becomes occupied while an occupied one is vacated, in one statement.
    await asAlpha((tx) =>
      tx
        .update(units)
        .set({ occupied: sql`not ${units.occupied}` })
        .where(inArray(units.unitId, [second ?? 0, third ?? 0])),
    );
    expect(await counters([a.id])).toEqual([{ id: a.id, total: beforeA.total + 2, occupied: beforeA.occupied + 1 }]);

    // A change to neither column leaves the counters alone; unlinking a unit takes it off.
    await asAlpha((tx) =>
      tx
        .update(units)
        .set({ squareFootage: 999 })
        .where(eq(units.unitId, second ?? 0)),
    );
    await asAlpha((tx) =>
      tx
        .update(units)
        .set({ buildingId: null })
        .where(eq(units.unitId, second ?? 0)),
    );
    expect(await counters([a.id])).toEqual([{ id: a.id, total: beforeA.total + 1, occupied: beforeA.occupied }]);

    await asAlpha((tx) => tx.delete(units).where(inArray(units.unitId, [first ?? 0, second ?? 0, third ?? 0])));
    expect(await counters([a.id, b.id])).toEqual([beforeA, beforeB]);
    expect(await drift()).toEqual({ counters: [], rowCounts: [] });
  });

  it("follow a bulk move of every unit of one building into another", async () => {
    const [a, b] = await twoBuildings();
    if (!a || !b) throw new Error("fixture has fewer than two buildings");
    const [beforeA, beforeB] = await counters([a.id, b.id]);
    await asAlpha((tx) => tx.update(units).set({ buildingId: b.id }).where(eq(units.buildingId, a.id)));
    expect(await counters([a.id, b.id])).toEqual([
      { id: a.id, total: 0, occupied: 0 },
      {
        id: b.id,
        total: (beforeA?.total ?? 0) + (beforeB?.total ?? 0),
        occupied: (beforeA?.occupied ?? 0) + (beforeB?.occupied ?? 0),
      },
    ]);
    expect(await drift()).toEqual({ counters: [], rowCounts: [] });
  });

  it("stay exact when a building with units is deleted, and the list total follows", async () => {
    const total = async () =>
      buildingListSchema.parse(
        (
          await t.app.inject({
            method: "GET",
            url: "/api/v1/buildings/details?limit=1",
            cookies: { kh_session: alpha.cookie },
          })
        ).json(),
      ).total_count;
    const before = await total();
    const [, b] = await twoBuildings();
    if (!b) throw new Error("fixture has fewer than two buildings");
    const deleted = await asAlpha((tx) =>
      tx.delete(buildings).where(eq(buildings.id, b.id)).returning({ id: buildings.id }),
    );
    expect(deleted).toHaveLength(1);
    const orphans = await asAlpha((tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(units).where(sql`${units.buildingId} is null`),
    );
    expect(orphans[0]?.n).toBeGreaterThan(0);
    expect(await total()).toBe(before - 1);
    expect(await drift()).toEqual({ counters: [], rowCounts: [] });
  });

  it("count floor plans added and removed as the request role", async () => {
    const [plan] = await asAlpha((tx) =>
      tx
        .insert(floorPlans)
        .values({
          organizationId: alpha.orgId,
          planName: "Counter test",
          bedRooms: 1,
          bathRooms: 1,
          baseRentEstimate: 1,
        })
        .returning({ id: floorPlans.id }),
    );
    expect(await drift()).toEqual({ counters: [], rowCounts: [] });
    await asAlpha((tx) => tx.delete(floorPlans).where(eq(floorPlans.id, plan?.id ?? 0)));
    expect(await drift()).toEqual({ counters: [], rowCounts: [] });
  });

  it("never touch another organization's buildings", async () => {
    const snapshot = () =>
      asSystem(t.db, (tx) =>
        tx
          .select({ id: buildings.id, total: buildings.totalUnits, occupied: buildings.occupiedUnits })
          .from(buildings)
          .where(eq(buildings.organizationId, bravo.orgId))
          .orderBy(buildings.id),
      );
    const before = await snapshot();
    // Alpha's units, all of them, flip and flip back: bravo's counters do not move.
    await asAlpha((tx) => tx.update(units).set({ occupied: sql`not ${units.occupied}` }));
    await asAlpha((tx) => tx.update(units).set({ occupied: sql`not ${units.occupied}` }));
    expect(await snapshot()).toEqual(before);
    expect(await drift()).toEqual({ counters: [], rowCounts: [] });
  });
});
