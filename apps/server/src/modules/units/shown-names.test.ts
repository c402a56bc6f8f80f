import { unitListSchema } from "@keyholder/contracts/units";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gridValuesDrift } from "../../../test/grid-values-drift.ts";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { unitSources } from "../../../test/unit-sources.ts";
import { asSystem, withOrg } from "../../db/client.ts";
import { addresses, buildings, floorPlans, properties, units, usStates } from "../../db/schema/index.ts";

/**
 * The units grid's property, building, floor plan, rent, city and state are copies on the unit row
 * kept by triggers (migration 0016). After every kind of change to a source row, made as the
 * request role under row-level security, each copy must equal what joining the source rows gives
 * (the unit's own address, else its building's, else its property's), and the list must show it.
 */
describe("unit shown names", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Awaited<ReturnType<typeof signedInOrganization>>;
  let bravo: Awaited<ReturnType<typeof signedInOrganization>>;
  /** A unit in a building on a floor plan, and one of the same property with neither. */
  let inBuilding: { id: number; propertyId: string; buildingId: number; planId: number };
  let loose: number;

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "alpha", { scale: 150, seed: 71 });
    bravo = await signedInOrganization(t, "bravo", { scale: 100, seed: 72 });
    const [u] = await asAlpha((tx) =>
      tx
        .select({
          id: units.unitId,
          propertyId: units.propertyId,
          buildingId: units.buildingId,
          planId: units.floorPlanId,
        })
        .from(units)
        .orderBy(units.unitId)
        .limit(2),
    );
    if (!u?.buildingId || !u.planId) throw new Error("fixture unit has no building or plan");
    inBuilding = { id: u.id, propertyId: u.propertyId, buildingId: u.buildingId, planId: u.planId };
    const [other] = await asAlpha((tx) =>
      tx
        .update(units)
        .set({ buildingId: null, floorPlanId: null })
        .where(sql`${units.unitId} = (select max(unit_id) from units where property_id = ${u.propertyId})`)
        .returning({ id: units.unitId }),
    );
    loose = other?.id ?? 0;
    // The generator locates each building by its property's address; these follow the building's own.
    await asAlpha((tx) =>
      tx
        .update(buildings)
        .set({ addressId: null })
        .where(eq(buildings.id, u.buildingId ?? 0)),
    );
  });
  afterAll(() => t.close());

  const asAlpha = <T>(fn: Parameters<typeof withOrg<T>>[2]) => withOrg(t.db, { orgId: alpha.orgId }, fn);

  /**
   * Every unit, in any organization, whose copies differ from the joined source rows, and every
   * value of the grid's dictionary that the copies' changes left stale.
   */
  const drift = async () =>
    (
      (await asSystem(t.db, (tx) =>
        tx.execute(sql`
          select u.organization_id, u.unit_id::text as id from ${unitSources}
          where u.property_name is distinct from p.name or u.building_name is distinct from b.name
             or u.floor_plan_name is distinct from fp.plan_name or u.base_rent_estimate is distinct from fp.base_rent_estimate
             or u.city is distinct from a.city or u.state_name is distinct from s.state_name
          union all
          select organization_id, column_name || ': ' || value from (${gridValuesDrift}) d`),
      )) as unknown as { rows: unknown[] }
    ).rows;

  /** A unit as the grid's API shows it. */
  const listed = async (id: number) => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/units?limit=2000",
      cookies: { kh_session: alpha.cookie },
    });
    expect(res.statusCode).toBe(200);
    const u = unitListSchema.parse(res.json()).units.find((row) => row.unit_id === id);
    if (!u) throw new Error(`unit ${id} is not listed`);
    return {
      property: u.property_name,
      building: u.building_name,
      plan: u.floor_plan_name,
      rent: u.base_rent_estimate,
      city: u.address.city,
      state: u.address.state.state_name,
    };
  };

  const state = async (code: string) => {
    const [s] = await asSystem(t.db, (tx) =>
      tx.select({ id: usStates.id, name: usStates.stateName }).from(usStates).where(eq(usStates.stateCode, code)),
    );
    if (!s) throw new Error(`no state ${code}`);
    return s;
  };
  const newAddress = async (city: string, code: string, zipcode: string) => {
    const stateId = (await state(code)).id;
    const [a] = await asAlpha((tx) =>
      tx
        .insert(addresses)
        .values({ organizationId: alpha.orgId, addressLine1: "1 Main St", city, stateId, zipcode })
        .returning({ id: addresses.id }),
    );
    return a?.id ?? 0;
  };

  it("are filled for the demo generator's units, and for units written since", async () => {
    expect(await drift()).toEqual([]);
    const shown = await listed(inBuilding.id);
    expect(Object.values(shown).every((v) => v !== null && v !== "")).toBe(true);
    expect(await listed(loose)).toMatchObject({ building: null, plan: null, rent: null });
  });

  it("follow a renamed property, building and floor plan, and a floor plan's new rent", async () => {
    await asAlpha(async (tx) => {
      await tx.update(properties).set({ name: "Renamed Court" }).where(eq(properties.id, inBuilding.propertyId));
      await tx.update(buildings).set({ name: "Renamed Hall" }).where(eq(buildings.id, inBuilding.buildingId));
      await tx
        .update(floorPlans)
        .set({ planName: "Renamed Plan", baseRentEstimate: 1234.5 })
        .where(eq(floorPlans.id, inBuilding.planId));
    });
    expect(await listed(inBuilding.id)).toMatchObject({
      property: "Renamed Court",
      building: "Renamed Hall",
      plan: "Renamed Plan",
      rent: 1234.5,
    });
    expect((await listed(loose)).property).toBe("Renamed Court");
    expect(await drift()).toEqual([]);
  });

  it("follow the property's address, its city and state, through the building and without one", async () => {
    const moved = await newAddress("Burlington", "VT", "05401");
    await asAlpha((tx) =>
      tx.update(properties).set({ addressId: moved }).where(eq(properties.id, inBuilding.propertyId)),
    );
    const vermont = (await state("VT")).name;
    expect(await listed(inBuilding.id)).toMatchObject({ city: "Burlington", state: vermont });
    expect(await listed(loose)).toMatchObject({ city: "Burlington", state: vermont });
    const maine = await state("ME");
    await asAlpha((tx) =>
      tx.update(addresses).set({ city: "Portland", stateId: maine.id }).where(eq(addresses.id, moved)),
    );
    expect(await listed(inBuilding.id)).toMatchObject({ city: "Portland", state: maine.name });
    expect(await listed(loose)).toMatchObject({ city: "Portland", state: maine.name });
    expect(await drift()).toEqual([]);
  });

  it("prefer the unit's own address, then the building's own", async () => {
    const forBuilding = await newAddress("Dayton", "OH", "45402");
    await asAlpha((tx) =>
      tx.update(buildings).set({ addressId: forBuilding }).where(eq(buildings.id, inBuilding.buildingId)),
    );
    expect((await listed(inBuilding.id)).city).toBe("Dayton");
    expect((await listed(loose)).city).toBe("Portland");
    const forUnit = await newAddress("Boise", "ID", "83702");
    await asAlpha((tx) => tx.update(units).set({ addressId: forUnit }).where(eq(units.unitId, loose)));
    expect((await listed(loose)).city).toBe("Boise");
    await asAlpha((tx) => tx.update(addresses).set({ city: "Meridian" }).where(eq(addresses.id, forUnit)));
    expect((await listed(loose)).city).toBe("Meridian");
    await asAlpha((tx) => tx.update(addresses).set({ city: "Kettering" }).where(eq(addresses.id, forBuilding)));
    expect((await listed(inBuilding.id)).city).toBe("Kettering");
    expect(await drift()).toEqual([]);
  });

  it("follow a unit moved between buildings and floor plans, and links cleared by deletes", async () => {
    const [other] = await asAlpha((tx) =>
      tx
        .select({ id: buildings.id, name: buildings.name })
        .from(buildings)
        .where(sql`${buildings.propertyId} = ${inBuilding.propertyId} and ${buildings.id} <> ${inBuilding.buildingId}`)
        .limit(1),
    );
    if (!other) throw new Error("fixture property has one building");
    await asAlpha((tx) => tx.update(units).set({ buildingId: other.id }).where(eq(units.unitId, inBuilding.id)));
    expect((await listed(inBuilding.id)).building).toBe(other.name);
    expect(await drift()).toEqual([]);
    await asAlpha(async (tx) => {
      await tx.delete(buildings).where(eq(buildings.id, other.id));
      await tx.delete(floorPlans).where(eq(floorPlans.id, inBuilding.planId));
    });
    expect(await listed(inBuilding.id)).toMatchObject({ building: null, plan: null, rent: null, city: "Portland" });
    expect(await drift()).toEqual([]);
  });

  it("follow a renamed state in every organization", async () => {
    const maine = await state("ME");
    try {
      await asSystem(t.db, (tx) =>
        tx.update(usStates).set({ stateName: "Maine Renamed" }).where(eq(usStates.id, maine.id)),
      );
      expect((await listed(inBuilding.id)).state).toBe("Maine Renamed");
      expect(await drift()).toEqual([]);
    } finally {
      await asSystem(t.db, (tx) => tx.update(usStates).set({ stateName: maine.name }).where(eq(usStates.id, maine.id)));
    }
    expect(await drift()).toEqual([]);
  });

  it("never change another organization's units", async () => {
    const snapshot = () =>
      asSystem(t.db, (tx) =>
        tx
          .select({ id: units.unitId, p: units.propertyName, b: units.buildingName, c: units.city, s: units.stateName })
          .from(units)
          .where(eq(units.organizationId, bravo.orgId))
          .orderBy(units.unitId),
      );
    const before = await snapshot();
    await asAlpha(async (tx) => {
      await tx.update(properties).set({ name: sql`${properties.name} || ' (alpha)'` });
      await tx.update(buildings).set({ name: "Alpha Hall" });
      await tx.update(floorPlans).set({ planName: "Alpha Plan" });
      await tx.update(addresses).set({ city: "Alpha City" });
    });
    expect(await snapshot()).toEqual(before);
    expect(await drift()).toEqual([]);
  });
});
