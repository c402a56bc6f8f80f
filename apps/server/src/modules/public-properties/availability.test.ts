import { applicantListSchema, applicationMessages } from "@keyholder/contracts/applications";
import { propertyListingSchema } from "@keyholder/contracts/property-listing";
import { publicPropertyDetailsSchema, publicPropertyListSchema } from "@keyholder/contracts/public-properties";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;

interface UnitRow {
  number: string;
  plan: "one" | "retired" | null;
  beds: number | null;
  baths: number | null;
  sqft: number | null;
  occupied: boolean;
}

/**
 * What a listing says is available is what is available: the card's ranges cover every vacant
 * unit, the counts agree on the card, the page and the apply form, and each vacant unit can be
 * applied for, by its floor plan or as itself (decision 021).
 */
describe("public availability: every available unit, counted once, and applied for", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: Org;
  let propertyId = "";
  let otherPropertyId = "";
  const plans = {
    one: { name: "A1 One Bedroom", beds: 1, baths: 1, sqft: 650, rent: 1450, active: true },
    retired: { name: "R2 Retired Plan", beds: 2, baths: 2, sqft: 980, rent: 2300, active: false },
  } as const;
  /** The property of the report: one vacant one-bedroom on a plan, a vacant two-bedroom without one. */
  const rows: UnitRow[] = [
    { number: "101", plan: "one", beds: 1, baths: 1, sqft: 650, occupied: false },
    { number: "102", plan: "one", beds: 1, baths: 1, sqft: 650, occupied: true },
    { number: "201", plan: null, beds: 2, baths: 1, sqft: 900, occupied: false },
    { number: "202", plan: null, beds: null, baths: null, sqft: null, occupied: false },
    { number: "203", plan: null, beds: 3, baths: 2, sqft: 1200, occupied: true },
    { number: "301", plan: "retired", beds: 2, baths: 2, sqft: 980, occupied: false },
  ];
  const unitIds: Record<string, number> = {};
  const planIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    org = await signedInOrganization(t, "Availability Homes");
    await asSystem(t.db, async (tx) => {
      const one = async <T>(q: ReturnType<typeof sql>) =>
        ((await tx.execute(q)) as unknown as { rows: T[] }).rows[0] as T;
      const address = await one<{ id: number }>(sql`insert into addresses
        (organization_id, address_line_1, city, state_id, zipcode, latitude, longitude)
        values (${org.orgId}, '12 Elm Street', 'Austin', (select id from us_states where state_code = 'TX'), '78701',
          30.2711, -97.7437) returning id`);
      const property = async (name: string, slug: string) =>
        (
          await one<{ id: string }>(sql`insert into properties
          (organization_id, name, property_type_id, address_id, property_slug, show_property_online)
          values (${org.orgId}, ${name}, (select id from property_types where code = 'MFH'), ${address.id}, ${slug}, true)
          returning id`)
        ).id;
      propertyId = await property("Elm Street Flats", "elm-street-flats");
      otherPropertyId = await property("Oak Street Flats", "oak-street-flats");
      // Ids as numbers: node-postgres reads bigint columns as text.
      const idOf = async (q: ReturnType<typeof sql>) => Number(Object.values(await one<Record<string, unknown>>(q))[0]);
      for (const [key, p] of Object.entries(plans)) {
        planIds[key] = await idOf(sql`insert into floor_plans (organization_id, property_id, plan_name, bed_rooms,
          bath_rooms, total_square_feet, base_rent_estimate, active)
          values (${org.orgId}, ${propertyId}, ${p.name}, ${p.beds}, ${p.baths}, ${p.sqft}, ${p.rent}, ${p.active})
          returning id`);
      }
      for (const u of rows) {
        unitIds[u.number] = await idOf(sql`insert into units (organization_id, property_id, floor_plan_id, unit_number,
          number_of_bedrooms, number_of_bathrooms, square_footage, occupied)
          values (${org.orgId}, ${propertyId}, ${u.plan ? planIds[u.plan] : null}, ${u.number}, ${u.beds}, ${u.baths},
            ${u.sqft}, ${u.occupied}) returning unit_id`);
      }
      unitIds.other = await idOf(sql`insert into units (organization_id, property_id, unit_number, occupied)
        values (${org.orgId}, ${otherPropertyId}, 'O1', false) returning unit_id`);
    });
  });
  afterAll(() => t.close());

  const send = apiSender(
    () => t.app,
    () => org,
  );

  /** The available units as the public should see them, from the rows above: by an active plan, else as themselves. */
  const vacant = rows.filter((u) => !u.occupied);
  const byPlan = vacant.filter((u) => u.plan !== null && plans[u.plan].active);
  const asThemselves = vacant.filter((u) => !byPlan.includes(u));
  const offered = [
    ...byPlan.map(() => ({ beds: plans.one.beds, sqft: plans.one.sqft, rent: plans.one.rent as number | null })),
    ...asThemselves.map((u) => ({ beds: u.beds, sqft: u.sqft, rent: null as number | null })),
  ];
  const span = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length ? { min: Math.min(...known), max: Math.max(...known) } : null;
  };

  it("describes every available unit on the search card: its count and the ranges over all of them", async () => {
    const res = await send("GET", "/public/properties?zipcode=78701", { org: null });
    const card = publicPropertyListSchema.parse(res.json()).properties.find((p) => p.name === "Elm Street Flats");
    expect(card).toMatchObject({
      available_units: vacant.length,
      bedrooms: span(offered.map((o) => o.beds)),
      square_feet: span(offered.map((o) => o.sqft)),
      rent: span(offered.map((o) => o.rent)),
    });
    // The two-bedroom without a floor plan widens the ranges the report saw as "1 bed · 650 sq ft".
    expect(card?.bedrooms).toEqual({ min: 1, max: 2 });
    expect(card?.square_feet).toEqual({ min: 650, max: 980 });
  });

  it("lists on the page every available unit once, by plan or as itself, adding up to the card's count", async () => {
    const res = await send("GET", "/public/properties/by-slug/elm-street-flats", { org: null });
    const page = publicPropertyDetailsSchema.parse(res.json());
    expect(page.floor_plans).toEqual([
      {
        id: planIds.one,
        name: plans.one.name,
        bedrooms: plans.one.beds,
        bathrooms: plans.one.baths,
        square_feet: plans.one.sqft,
        rent: plans.one.rent,
        available_units: byPlan.length,
      },
    ]);
    expect(page.units.map((u) => u.unit_number).sort()).toEqual(asThemselves.map((u) => u.number).sort());
    expect(page.units.find((u) => u.unit_number === "201")).toEqual({
      id: unitIds["201"],
      unit_number: "201",
      building_name: null,
      bedrooms: 2,
      bathrooms: 1,
      square_feet: 900,
    });
    const counted = page.floor_plans.reduce((n, p) => n + p.available_units, 0) + page.units.length;
    expect(counted).toBe(page.available_units);
    expect(page.available_units).toBe(vacant.length);
  });

  const apply = (payload: Record<string, unknown>) =>
    send("POST", "/public/properties/by-slug/elm-street-flats/applications", {
      org: null,
      payload: {
        full_name: "Uma Unit",
        email: `uma.${Object.keys(payload).join("-")}.${Math.random().toString(36).slice(2, 7)}@example.com`,
        phone: "(512) 555-0199",
        move_in_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
        idempotency_key: `unit-key-${Math.random().toString(36).slice(2)}-${Date.now()}`,
        ...payload,
      },
    });

  it("shows units on notice with the day they become available, soonest first, apart from those available now", async () => {
    // Oak Street Flats: a unit on notice on the one-bedroom plan, one as itself, one whose date is past
    // (still occupied: not offered), and one occupied with no notice.
    const soon = "2099-03-01";
    const later = "2099-04-15";
    await asSystem(t.db, (tx) =>
      tx.execute(sql`insert into units (organization_id, property_id, floor_plan_id, unit_number, number_of_bedrooms,
          square_footage, occupied, date_available)
        values (${org.orgId}, ${otherPropertyId}, null, 'N2', 3, 1100, true, ${later}::date),
          (${org.orgId}, ${otherPropertyId}, ${planIds.one}, 'N1', null, null, true, ${soon}::date),
          (${org.orgId}, ${otherPropertyId}, null, 'N3', 2, 800, true, '2000-01-01'::date),
          (${org.orgId}, ${otherPropertyId}, null, 'N4', 2, 800, true, null)`),
    );
    const res = await send("GET", "/public/properties/by-slug/oak-street-flats", { org: null });
    const page = publicPropertyDetailsSchema.parse(res.json());
    expect(page.coming_available.map((u) => [u.unit_number, u.available_on])).toEqual([
      ["N1", soon],
      ["N2", later],
    ]);
    expect(page.coming_available[0]).toMatchObject({
      floor_plan: plans.one.name,
      bedrooms: plans.one.beds,
      square_feet: plans.one.sqft,
      rent: plans.one.rent,
    });
    expect(page.coming_available[1]).toMatchObject({ floor_plan: null, bedrooms: 3, square_feet: 1100, rent: null });
    // Only O1 is available now: the units on notice are neither counted nor listed as available.
    expect(page.available_units).toBe(1);
    expect(page.units.map((u) => u.unit_number)).toEqual(["O1"]);
    // Elm Street Flats has none on notice.
    const elm = publicPropertyDetailsSchema.parse(
      (await send("GET", "/public/properties/by-slug/elm-street-flats", { org: null })).json(),
    );
    expect(elm.coming_available).toEqual([]);
  });

  it("takes an application for a unit without a floor plan, and the organization sees which unit", async () => {
    const res = await apply({ unit_id: unitIds["201"], email: "uma@example.com" });
    expect(res.statusCode, res.body).toBe(201);
    const list = await send("GET", "/applicants/details?limit=50");
    const applicant = applicantListSchema.parse(list.json()).applicants.find((a) => a.email === "uma@example.com");
    expect(applicant).toMatchObject({ unit_number: "201", floor_plan_name: null, property_name: "Elm Street Flats" });
  });

  it("refuses a unit that is let, of another property, on an offered plan, or a plan and a unit at once", async () => {
    for (const [payload, field, message] of [
      [{ unit_id: unitIds["203"] }, "unit_id", applicationMessages.unitUnknown],
      [{ unit_id: unitIds.other }, "unit_id", applicationMessages.unitUnknown],
      [{ unit_id: unitIds["101"] }, "unit_id", applicationMessages.unitUnknown],
      [{ unit_id: 999_999_999 }, "unit_id", applicationMessages.unitUnknown],
      [{ unit_id: unitIds["201"], floor_plan_id: planIds.one }, "unit_id", applicationMessages.planOrUnit],
    ] as const) {
      const res = await apply(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(payload)).toEqual([message]);
    }
    // A unit on a retired plan is offered as itself.
    expect((await apply({ unit_id: unitIds["301"] })).statusCode).toBe(201);
  });

  it("keeps a unit chosen in a saved application, and drops one that is no longer offered", async () => {
    const draft = async (unitId: number, email: string) => {
      const saved = await send("POST", "/public/properties/by-slug/elm-street-flats/application-drafts", {
        org: null,
        payload: { email, unit_id: unitId },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const token = saved.json().resume_token as string;
      return (await send("GET", `/public/application-drafts/${token}`, { org: null })).json();
    };
    expect(await draft(unitIds["202"] ?? 0, "dora@example.com")).toMatchObject({ unit_id: unitIds["202"] });
    expect(await draft(unitIds["203"] ?? 0, "lett@example.com")).toMatchObject({ unit_id: null });
  });

  it("warns the workspace of listed available units that show no rent publicly", async () => {
    const res = await send("GET", `/properties/${propertyId}/listing`);
    expect(res.statusCode, res.body).toBe(200);
    const listing = propertyListingSchema.parse(res.json());
    expect(listing.available_units).toBe(vacant.length);
    expect(listing.units_without_rent.map((u) => u.unit_number).sort()).toEqual(
      asThemselves.map((u) => u.number).sort(),
    );
    expect(listing.units_without_rent_count).toBe(asThemselves.length);
  });
});
