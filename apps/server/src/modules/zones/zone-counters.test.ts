import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem, type Tx, withOrg } from "../../db/client.ts";

/**
 * A zone's figures (buildings, units, occupied units) are counters and its property's name and
 * location copies, all kept by triggers (migration 0014), as is each building's copy of its zone's
 * name. After every kind of change, made as the request role under row-level security, each must
 * equal what counting and joining the source rows gives, in every organization.
 */
describe("zone counters and copies", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Awaited<ReturnType<typeof signedInOrganization>>;
  let bravo: Awaited<ReturnType<typeof signedInOrganization>>;
  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "alpha", { scale: 400, seed: 61 });
    bravo = await signedInOrganization(t, "bravo", { scale: 150, seed: 62 });
  });
  afterAll(() => t.close());

  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

  /** Every zone, building and row count, in any organization, that differs from its sources. */
  const drift = () =>
    asSystem(t.db, async (tx) => ({
      counters: rows(
        await tx.execute(sql`
          select z.organization_id, z.id, z.building_count, z.total_units, z.occupied_units, b.n, b.total, b.occupied
          from zones z
          left join (select organization_id, zone_id, count(*)::int as n, sum(total_units)::int as total,
                            sum(occupied_units)::int as occupied
                       from buildings where zone_id is not null group by 1, 2) b
            on b.organization_id = z.organization_id and b.zone_id = z.id
          where z.building_count <> coalesce(b.n, 0) or z.total_units <> coalesce(b.total, 0)
             or z.occupied_units <> coalesce(b.occupied, 0)`),
      ),
      copies: rows(
        await tx.execute(sql`
          select z.organization_id, z.id
          from zones z
          join properties p on p.organization_id = z.organization_id and p.id = z.property_id
          left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
          left join us_states s on s.id = a.state_id
          where z.property_name is distinct from p.name or z.city is distinct from a.city
             or z.state_name is distinct from s.state_name`),
      ),
      zoneNames: rows(
        await tx.execute(sql`
          select b.organization_id, b.id from buildings b
          left join zones z on z.organization_id = b.organization_id and z.id = b.zone_id
          where b.zone_name is distinct from z.name`),
      ),
      buildingCounters: rows(
        await tx.execute(sql`
          select b.id from buildings b
          left join (select organization_id, building_id, count(*)::int as n from units group by 1, 2) u
            on u.organization_id = b.organization_id and u.building_id = b.id
          where b.total_units <> coalesce(u.n, 0)`),
      ),
      rowCounts: rows(
        await tx.execute(sql`
          select o.id from organizations o
          left join organization_row_counts c on c.organization_id = o.id and c.table_name = 'zones'
          where coalesce(c.row_count, 0) <> (select count(*) from zones z where z.organization_id = o.id)`),
      ),
    }));
  const none = { counters: [], copies: [], zoneNames: [], buildingCounters: [], rowCounts: [] };

  const asAlpha = <T>(fn: (tx: Tx) => Promise<T>) => withOrg(t.db, { orgId: alpha.orgId }, fn);
  /** One of alpha's properties with two zones or more, its zones and their buildings. */
  const zonedProperty = () =>
    asAlpha(async (tx) => {
      const [p] = rows<{ property_id: string }>(
        await tx.execute(sql`select property_id from zones group by 1 having count(*) > 1 order by 1 limit 1`),
      );
      if (!p) throw new Error("no property with two zones");
      const zones = rows<{ id: number }>(
        await tx.execute(sql`select id from zones where property_id = ${p.property_id} order by id`),
      ).map((z) => Number(z.id));
      const buildings = rows<{ id: number; zone_id: number }>(
        await tx.execute(sql`select id, zone_id from buildings where property_id = ${p.property_id} order by id`),
      ).map((b) => ({ id: Number(b.id), zoneId: Number(b.zone_id) }));
      return { propertyId: p.property_id, zones, buildings };
    });
  const figures = (id: number) =>
    asAlpha(async (tx) => {
      const [z] = rows<{ building_count: number; total_units: number; occupied_units: number }>(
        await tx.execute(sql`select building_count, total_units, occupied_units from zones where id = ${id}`),
      );
      return z;
    });

  it("match after the demo generator, which puts every building of a community in a zone of its property", async () => {
    expect(await drift()).toEqual(none);
    const stats = await asSystem(t.db, async (tx) =>
      rows<{ unzoned: number; foreign: number; empty: number }>(
        await tx.execute(sql`
          select (select count(*)::int from buildings b where zone_id is null
                    and exists (select 1 from buildings o where o.organization_id = b.organization_id
                                and o.property_id = b.property_id and o.id <> b.id)) as unzoned,
            (select count(*)::int from buildings b join zones z on z.organization_id = b.organization_id and z.id = b.zone_id
              where z.property_id <> b.property_id) as foreign,
            (select count(*)::int from zones where building_count = 0) as empty`),
      ),
    );
    expect(stats[0]).toEqual({ unzoned: 0, foreign: 0, empty: 0 });
  });

  it("follow units added, occupied, moved between zones and deleted", async () => {
    const { propertyId, zones, buildings } = await zonedProperty();
    const [z0 = 0, z1 = 0] = zones;
    const inZone = (z: number) => buildings.find((b) => b.zoneId === z)?.id ?? 0;
    const before = [await figures(z0), await figures(z1)];
    await asAlpha(async (tx) => {
      await tx.execute(sql`
        insert into units (organization_id, property_id, building_id, unit_number, occupied)
        select ${alpha.orgId}, ${propertyId}, ${inZone(z0)}, 'Added ' || n, n % 2 = 0 from generate_series(1, 5) n`);
    });
    expect(await figures(z0)).toEqual({
      ...before[0],
      total_units: (before[0]?.total_units ?? 0) + 5,
      occupied_units: (before[0]?.occupied_units ?? 0) + 2,
    });
    expect(await drift()).toEqual(none);
    await asAlpha((tx) => tx.execute(sql`update units set occupied = not occupied where unit_number like 'Added %'`));
    expect(await drift()).toEqual(none);
    await asAlpha((tx) =>
      tx.execute(sql`update units set building_id = ${inZone(z1)} where unit_number in ('Added 1', 'Added 2')`),
    );
    expect(await drift()).toEqual(none);
    await asAlpha((tx) => tx.execute(sql`delete from units where unit_number like 'Added %'`));
    expect(await drift()).toEqual(none);
    expect([await figures(z0), await figures(z1)]).toEqual(before);
  });

  it("follow buildings moved between zones, out of them, added in bulk and deleted", async () => {
    const { propertyId, zones, buildings } = await zonedProperty();
    const [z0 = 0, z1 = 0] = zones;
    const [b0, b1] = buildings;
    await asAlpha((tx) => tx.execute(sql`update buildings set zone_id = ${z1} where id = ${b0?.id}`));
    expect(await drift()).toEqual(none);
    await asAlpha((tx) => tx.execute(sql`update buildings set zone_id = null where id in (${b0?.id}, ${b1?.id})`));
    expect(await drift()).toEqual(none);
    await asAlpha((tx) =>
      tx.execute(sql`update buildings set zone_id = case when id = ${b0?.id} then ${z0}::bigint else ${z1}::bigint end
                      where id in (${b0?.id}, ${b1?.id})`),
    );
    expect(await drift()).toEqual(none);
    await asAlpha((tx) =>
      tx.execute(sql`
        insert into buildings (organization_id, property_id, name, zone_id)
        select ${alpha.orgId}, ${propertyId}, 'Bulk ' || n, case when n % 2 = 0 then ${z0}::bigint else ${z1}::bigint end
          from generate_series(1, 6) n`),
    );
    expect(await drift()).toEqual(none);
    await asAlpha((tx) => tx.execute(sql`delete from buildings where name like 'Bulk %'`));
    expect(await drift()).toEqual(none);
  });

  it("follow a zone's rename and delete in its buildings, and a property's delete", async () => {
    const { zones, buildings } = await zonedProperty();
    const [z0 = 0] = zones;
    await asAlpha((tx) => tx.execute(sql`update zones set name = 'Renamed Court' where id = ${z0}`));
    expect(await drift()).toEqual(none);
    const named = await asAlpha(async (tx) =>
      rows<{ zone_name: string }>(await tx.execute(sql`select zone_name from buildings where zone_id = ${z0}`)),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((b) => b.zone_name === "Renamed Court")).toBe(true);
    await asAlpha((tx) => tx.execute(sql`delete from zones where id = ${z0}`));
    expect(await drift()).toEqual(none);
    const left = buildings.filter((b) => b.zoneId === z0).map((b) => b.id);
    const unzoned = await asAlpha(async (tx) =>
      rows<{ id: number }>(await tx.execute(sql`select id from buildings where zone_id is null order by id`)),
    );
    expect(unzoned.map((b) => Number(b.id))).toEqual(expect.arrayContaining(left));
    // A property's delete takes its zones and buildings with it.
    const [property] = await asAlpha(async (tx) =>
      rows<{ id: string }>(await tx.execute(sql`select property_id as id from zones order by id desc limit 1`)),
    );
    await asAlpha((tx) => tx.execute(sql`delete from properties where id = ${property?.id}`));
    expect(await drift()).toEqual(none);
  });

  it("follow a property's rename and move, its address's change and a state's rename", async () => {
    const { propertyId } = await zonedProperty();
    await asAlpha((tx) => tx.execute(sql`update properties set name = 'Renamed Gardens' where id = ${propertyId}`));
    expect(await drift()).toEqual(none);
    const moved = await asAlpha(async (tx) => {
      const [address] = rows<{ id: number }>(
        await tx.execute(sql`
          insert into addresses (organization_id, address_line_1, city, state_id, zipcode)
          values (${alpha.orgId}, '1 New Street', 'Newtown', 5, '12345') returning id`),
      );
      await tx.execute(sql`update properties set address_id = ${address?.id} where id = ${propertyId}`);
      return address?.id;
    });
    expect(await drift()).toEqual(none);
    await asAlpha((tx) => tx.execute(sql`update addresses set city = 'Oldtown', state_id = 6 where id = ${moved}`));
    expect(await drift()).toEqual(none);
    await asAlpha((tx) => tx.execute(sql`update properties set address_id = null where id = ${propertyId}`));
    expect(await drift()).toEqual(none);
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update us_states set state_name = state_name || ' (renamed)' where id = 7`),
    );
    expect(await drift()).toEqual(none);
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update us_states set state_name = replace(state_name, ' (renamed)', '') where id = 7`),
    );
    expect(await drift()).toEqual(none);
    // Nothing of this reached the other organization.
    const bravoNames = await asSystem(t.db, async (tx) =>
      rows<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from zones
          where organization_id = ${bravo.orgId} and (property_name = 'Renamed Gardens' or city in ('Newtown', 'Oldtown'))`),
      ),
    );
    expect(bravoNames[0]?.n).toBe(0);
  });

  it("refuse a building in another organization's zone", async () => {
    const [theirs] = await asSystem(t.db, async (tx) =>
      rows<{ id: number }>(await tx.execute(sql`select id from zones where organization_id = ${bravo.orgId} limit 1`)),
    );
    const refused = await asAlpha((tx) =>
      tx.execute(sql`update buildings set zone_id = ${theirs?.id} where id = (select min(id) from buildings)`),
    ).then(
      () => "",
      (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
    );
    expect(refused).toMatch(/foreign key/);
  });
});
