import { getStartedSchema } from "@keyholder/contracts/get-started";
import { defaultOpeningHours } from "@keyholder/contracts/opening-hours";
import { type PropertyFormInput, propertyWithAddressResponseSchema } from "@keyholder/contracts/properties";
import { listingMessages, propertyListingSchema } from "@keyholder/contracts/property-listing";
import { publicPropertyListSchema } from "@keyholder/contracts/public-properties";
import { unitResponseSchema } from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;

/**
 * A property is unlisted until someone lists it, and listing asks for an available unit, saying
 * what is missing otherwise (decision 021).
 */
describe("listing a property on the public site", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: Org;
  let typeId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    org = await signedInOrganization(t, "Listing Homes");
    typeId = await asSystem(t.db, async (tx) => {
      const { rows } = (await tx.execute(sql`select id from property_types where code = 'MFH'`)) as unknown as {
        rows: { id: number }[];
      };
      return Number(rows[0]?.id);
    });
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => org,
  );
  const form = (overrides: Partial<PropertyFormInput> = {}): PropertyFormInput => ({
    name: "Willow Court",
    property_type_id: typeId,
    opening_hours: defaultOpeningHours(),
    address: { address_line_1: "1 Willow Way", city: "Austin", state_code: "TX", zipcode: "78701" },
    ...overrides,
  });
  const getStarted = async () => getStartedSchema.parse((await send("GET", "/get-started")).json());
  const listingOf = async (id: string) => {
    const res = await send("GET", `/properties/${id}/listing`);
    expect(res.statusCode, res.body).toBe(200);
    return propertyListingSchema.parse(res.json());
  };
  const publicNames = async () => {
    const res = await send("GET", "/public/properties?zipcode=78701", { org: null });
    return publicPropertyListSchema.parse(res.json()).properties.map((p) => p.name);
  };
  const addUnit = async (propertyId: string, unitNumber: string, occupied: boolean) => {
    const res = await send("POST", "/units", {
      payload: { unit_number: unitNumber, property_id: propertyId, occupied },
    });
    expect(res.statusCode, res.body).toBe(201);
    return unitResponseSchema.parse(res.json()).unit.unit_id;
  };

  let id = "";

  it("creates a property unlisted: not public, and the checklist's listing step is not ticked", async () => {
    const res = await send("POST", "/properties/with-address", { payload: form() });
    expect(res.statusCode, res.body).toBe(201);
    const { property } = propertyWithAddressResponseSchema.parse(res.json());
    id = property.id;
    expect(property.show_property_online).toBe(false);
    expect(await publicNames()).not.toContain("Willow Court");
    const slug = await send("GET", `/public/properties/by-slug/${property.property_slug}`, { org: null });
    expect(slug.statusCode).toBe(404);
    expect(await getStarted()).toMatchObject({ properties: 1, properties_online: 0 });
    expect(await listingOf(id)).toEqual({
      listed: false,
      total_units: 0,
      available_units: 0,
      photos: 0,
      problem: listingMessages.noUnits,
      units_without_rent: [],
      units_without_rent_count: 0,
    });
  });

  it("refuses to list a property at creation, saying what is missing, and stores nothing", async () => {
    const res = await send("POST", "/properties/with-address", {
      payload: form({ name: "Eager Place", show_property_online: true }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: listingMessages.newProperty,
      fields: { show_property_online: [listingMessages.newProperty] },
    });
    const stored = await asSystem(t.db, (tx) =>
      tx.execute(sql`select count(*)::int as n from properties where name = 'Eager Place'`),
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it("refuses to list a property without an available unit, naming what it lacks", async () => {
    const none = await send("PUT", `/properties/${id}`, { payload: form({ show_property_online: true }) });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ show_property_online: [listingMessages.noUnits] });

    await addUnit(id, "101", true);
    await addUnit(id, "102", true);
    const full = await send("PUT", `/properties/${id}`, { payload: form({ show_property_online: true }) });
    expect(full.statusCode).toBe(400);
    expect(full.json().error.fields).toEqual({ show_property_online: [listingMessages.allOccupied(2)] });
    expect(await listingOf(id)).toMatchObject({
      total_units: 2,
      available_units: 0,
      problem: listingMessages.allOccupied(2),
    });
    expect(await publicNames()).not.toContain("Willow Court");
  });

  it("lists it once a unit is available: public, and the checklist ticks", async () => {
    const vacant = await addUnit(id, "103", false);
    expect(await listingOf(id)).toMatchObject({ total_units: 3, available_units: 1, problem: null });
    const res = await send("PUT", `/properties/${id}`, { payload: form({ show_property_online: true }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().show_property_online).toBe(true);
    expect(await publicNames()).toContain("Willow Court");
    expect(await getStarted()).toMatchObject({ properties_online: 1 });

    // Once listed it stays listed when its last unit is let, and saves like any property.
    const let_ = await send("PUT", `/units/${vacant}`, {
      payload: { unit_number: "103", property_id: id, occupied: true },
    });
    expect(let_.statusCode, let_.body).toBe(200);
    const renamed = await send("PUT", `/properties/${id}`, {
      payload: form({ name: "Willow Court East", show_property_online: true }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await listingOf(id)).toMatchObject({ listed: true, available_units: 0, problem: null });
  });

  it("answers the listing check for the organization's own properties only", async () => {
    const other = await signedInOrganization(t, "Other Listing Co");
    const res = await send("GET", `/properties/${id}/listing`, { org: other });
    expect(res.statusCode).toBe(404);
    expect((await send("GET", `/properties/${id}/listing`, { org: null })).statusCode).toBe(401);
    expect((await send("GET", "/properties/not-a-uuid/listing")).statusCode).toBe(400);
  });
});
