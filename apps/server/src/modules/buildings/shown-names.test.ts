import { buildingListSchema } from "@keyholder/contracts/buildings";
import { CSRF_HEADER, CSRF_HEADER_VALUE } from "@keyholder/contracts/http";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem, withOrg } from "../../db/client.ts";
import { addresses, buildings, buildingTypes, properties, usStates } from "../../db/schema/index.ts";

/**
 * The grid's property, type, city and state columns are copies on the building row kept by
 * triggers (migration 0006). After every kind of change to a source row, made as the request role
 * under row-level security, each copy must equal what joining the source rows gives, and the list
 * must show it.
 */
describe("building shown names", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Awaited<ReturnType<typeof signedInOrganization>>;
  let bravo: Awaited<ReturnType<typeof signedInOrganization>>;
  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "alpha", { scale: 150, seed: 5 });
    bravo = await signedInOrganization(t, "bravo", { scale: 120, seed: 6 });
  });
  afterAll(() => t.close());

  /** Every building, in any organization, whose copies differ from the joined source rows. */
  const drift = () =>
    asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(sql`
        select b.organization_id, b.id
        from buildings b
        join properties p on p.organization_id = b.organization_id and p.id = b.property_id
        left join building_types bt on bt.id = b.building_type_id
        left join addresses a on a.organization_id = b.organization_id and a.id = coalesce(b.address_id, p.address_id)
        left join us_states s on s.id = a.state_id
        where b.property_name is distinct from p.name or b.building_type_name is distinct from bt.name
           or b.city is distinct from a.city or b.state_name is distinct from s.state_name`)) as unknown as {
        rows: unknown[];
      };
      return rows;
    });

  const asAlpha = <T>(fn: Parameters<typeof withOrg<T>>[2]) => withOrg(t.db, { orgId: alpha.orgId }, fn);

  /** The building as the grid's API shows it. */
  const listed = async (id: number) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/buildings/details?limit=2000`,
      cookies: { kh_session: alpha.cookie },
    });
    expect(res.statusCode).toBe(200);
    const row = buildingListSchema.parse(res.json()).buildings.find((b) => b.id === id);
    if (!row) throw new Error(`building ${id} is not listed`);
    return {
      property: row.property_name,
      type: row.building_type_name,
      city: row.address.city,
      state: row.address.state.state_name,
    };
  };

  /**
   * One of alpha's buildings, first made to have no address of its own (the generator gives every
   * building its property's), with its property and that property's address.
   */
  const someBuilding = async () => {
    const [b] = await asAlpha(async (tx) => {
      const [first] = await tx.select({ id: buildings.id }).from(buildings).orderBy(buildings.id).limit(1);
      await tx
        .update(buildings)
        .set({ addressId: null })
        .where(eq(buildings.id, first?.id ?? 0));
      return tx
        .select({ id: buildings.id, propertyId: buildings.propertyId, addressId: properties.addressId })
        .from(buildings)
        .innerJoin(
          properties,
          and(eq(properties.organizationId, buildings.organizationId), eq(properties.id, buildings.propertyId)),
        )
        .where(eq(buildings.id, first?.id ?? 0));
    });
    if (!b?.addressId) throw new Error("fixture has no building located by its property");
    return { ...b, addressId: b.addressId };
  };

  const stateId = async (code: string) => {
    const [s] = await asSystem(t.db, (tx) =>
      tx.select({ id: usStates.id, name: usStates.stateName }).from(usStates).where(eq(usStates.stateCode, code)),
    );
    if (!s) throw new Error(`no state ${code}`);
    return s;
  };

  it("are filled for the demo generator's buildings", async () => {
    expect(await drift()).toEqual([]);
    const b = await someBuilding();
    const shown = await listed(b.id);
    expect(shown.property).toBeTruthy();
    expect(shown.city).toBeTruthy();
    expect(shown.state).toBeTruthy();
  });

  it("follow a renamed property, its new address, and that address's new city and state", async () => {
    const b = await someBuilding();
    await asAlpha((tx) => tx.update(properties).set({ name: "Renamed Court" }).where(eq(properties.id, b.propertyId)));
    expect((await listed(b.id)).property).toBe("Renamed Court");

    const vermont = await stateId("VT");
    const [moved] = await asAlpha((tx) =>
      tx
        .insert(addresses)
        .values({
          organizationId: alpha.orgId,
          addressLine1: "1 Church St",
          city: "Burlington",
          stateId: vermont.id,
          zipcode: "05401",
        })
        .returning({ id: addresses.id }),
    );
    await asAlpha((tx) => tx.update(properties).set({ addressId: moved?.id }).where(eq(properties.id, b.propertyId)));
    expect(await listed(b.id)).toMatchObject({ city: "Burlington", state: vermont.name });

    const maine = await stateId("ME");
    await asAlpha((tx) =>
      tx
        .update(addresses)
        .set({ city: "Portland", stateId: maine.id })
        .where(eq(addresses.id, moved?.id ?? 0)),
    );
    expect(await listed(b.id)).toMatchObject({ property: "Renamed Court", city: "Portland", state: maine.name });
    expect(await drift()).toEqual([]);
  });

  it("prefer the building's own address, and follow a move to another property made through the API", async () => {
    const b = await someBuilding();
    const ohio = await stateId("OH");
    const [own] = await asAlpha((tx) =>
      tx
        .insert(addresses)
        .values({
          organizationId: alpha.orgId,
          addressLine1: "9 Main St",
          city: "Dayton",
          stateId: ohio.id,
          zipcode: "45402",
        })
        .returning({ id: addresses.id }),
    );
    await asAlpha((tx) => tx.update(buildings).set({ addressId: own?.id }).where(eq(buildings.id, b.id)));
    expect(await listed(b.id)).toMatchObject({ city: "Dayton", state: ohio.name });
    // The property's address changing city no longer moves this building.
    await asAlpha((tx) => tx.update(addresses).set({ city: "Elsewhere" }).where(eq(addresses.id, b.addressId)));
    expect((await listed(b.id)).city).toBe("Dayton");

    const [other] = await asAlpha((tx) =>
      tx
        .select({ id: properties.id, name: properties.name })
        .from(properties)
        .where(sql`${properties.id} <> ${b.propertyId}`)
        .limit(1),
    );
    const [form] = await asAlpha((tx) =>
      tx
        .select({ name: buildings.name, number: buildings.buildingNumber, units: buildings.numberOfUnits })
        .from(buildings)
        .where(eq(buildings.id, b.id)),
    );
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/v1/buildings/${b.id}`,
      cookies: { kh_session: alpha.cookie },
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      payload: {
        name: form?.name ?? "Moved",
        building_number: form?.number ?? null,
        number_of_units: form?.units ?? 1,
        building_type: null,
        property_id: other?.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(b.id)).toMatchObject({ property: other?.name, type: null, city: "Dayton" });
    expect(await drift()).toEqual([]);
  });

  it("follow renamed reference rows (building types and states) in every organization", async () => {
    const [type] = await asSystem(t.db, (tx) =>
      tx.select({ id: buildingTypes.id, name: buildingTypes.name }).from(buildingTypes).limit(1),
    );
    const ohio = await stateId("OH");
    if (!type) throw new Error("no building types");
    try {
      await asSystem(t.db, async (tx) => {
        await tx.update(buildingTypes).set({ name: "Renamed Type" }).where(eq(buildingTypes.id, type.id));
        await tx.update(usStates).set({ stateName: "Ohio Renamed" }).where(eq(usStates.id, ohio.id));
      });
      expect(await drift()).toEqual([]);
    } finally {
      await asSystem(t.db, async (tx) => {
        await tx.update(buildingTypes).set({ name: type.name }).where(eq(buildingTypes.id, type.id));
        await tx.update(usStates).set({ stateName: ohio.name }).where(eq(usStates.id, ohio.id));
      });
    }
    expect(await drift()).toEqual([]);
  });

  it("never change another organization's buildings", async () => {
    const snapshot = () =>
      asSystem(t.db, (tx) =>
        tx
          .select({ id: buildings.id, p: buildings.propertyName, c: buildings.city, s: buildings.stateName })
          .from(buildings)
          .where(eq(buildings.organizationId, bravo.orgId))
          .orderBy(buildings.id),
      );
    const before = await snapshot();
    const b = await someBuilding();
    await asAlpha((tx) => tx.update(properties).set({ name: "Alpha Only" }).where(eq(properties.id, b.propertyId)));
    await asAlpha((tx) => tx.update(addresses).set({ city: "Alpha City" }).where(sql`true`));
    expect(await snapshot()).toEqual(before);
    expect(await drift()).toEqual([]);
  });
});
