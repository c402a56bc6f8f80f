import {
  PUBLIC_BEDROOM_CHOICES,
  PUBLIC_SEARCH_PAGE_SIZE,
  type PublicPropertyListing,
  publicPropertyDetailsSchema,
  publicPropertyListSchema,
  publicPropertyMessages,
} from "@keyholder/contracts/public-properties";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { addresses, floorPlans, properties, propertyTypes, staff, units, usStates } from "../../db/schema/index.ts";
import { createApprovedOrganization } from "../demo/create-organization.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** San Francisco's Mission district (94110), a ZIP code the old 68-code list did not have. */
const ORIGIN = { zip: "94110", lat: 37.7509, lon: -122.4153 };

/** The test's own great-circle distance (miles), independent of the server's. */
function haversine(a: { lat: number; lon: number }, b: { lat: number; lon: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

interface Plan {
  bedrooms: number;
  rent: number;
  sqft: number;
  units: number;
  vacant: number;
  active?: boolean;
}
/** A unit without a floor plan: offered as itself, with its own bedrooms and size and no rent. */
interface Loose {
  bedrooms: number | null;
  sqft: number | null;
  vacant: boolean;
}
interface Listing {
  name: string;
  lat: number;
  lon: number;
  type: "MFH" | "OFF" | "SFH" | "MXR";
  created: string;
  plans: Plan[];
  loose: Loose[];
  online?: boolean;
}

/** A deterministic spread of listings from 0 to about 60 miles out, with varied floor plans. */
function listings(): Listing[] {
  const out: Listing[] = [];
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 80; i++) {
    const bearing = next() * 2 * Math.PI;
    const miles = i < 50 ? next() * 22 : 22 + next() * 40;
    const plans: Plan[] = Array.from({ length: Math.floor(next() * 4) }, () => {
      const units = 1 + Math.floor(next() * 6);
      return {
        bedrooms: Math.floor(next() * 5),
        rent: 900 + Math.round(next() * 3100),
        sqft: 400 + Math.round(next() * 1400),
        units,
        vacant: Math.floor(next() * (units + 1)),
        active: next() > 0.1,
      };
    });
    const loose: Loose[] = Array.from({ length: Math.floor(next() * 3) }, () => ({
      bedrooms: next() < 0.2 ? null : Math.floor(next() * 5),
      sqft: next() < 0.2 ? null : 400 + Math.round(next() * 1400),
      vacant: next() < 0.6,
    }));
    out.push({
      name: `Listing ${String(i).padStart(2, "0")}`,
      lat: ORIGIN.lat + (miles / 69.09) * Math.cos(bearing),
      lon: ORIGIN.lon + (miles / (69.09 * Math.cos((ORIGIN.lat * Math.PI) / 180))) * Math.sin(bearing),
      // Apartments over shops (mixed use) are homes too; offices are commercial.
      type: i % 9 === 4 ? "OFF" : i % 9 === 7 ? "MXR" : i % 3 === 0 ? "SFH" : "MFH",
      created: `20${String(10 + (i % 15)).padStart(2, "0")}-0${1 + (i % 9)}-1${i % 10}T12:00:00Z`,
      online: i % 17 !== 5,
      plans,
      loose,
    });
  }
  return out;
}

describe("public listings: facts, filters, sorting and pages", () => {
  let t: TestApp;
  const all = listings();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createApprovedOrganization(t.db, {
      name: "Mission Homes",
      email: "mission@example.com",
      password: "Mission-Pass-123!",
      firstName: "Mia",
      lastName: "Owner",
    });
    await asSystem(t.db, async (tx) => {
      const [ca] = await tx.select({ id: usStates.id }).from(usStates).where(eq(usStates.stateCode, "CA"));
      const types = await tx
        .select({ id: propertyTypes.id, code: propertyTypes.code })
        .from(propertyTypes)
        .where(inArray(propertyTypes.code, ["MFH", "OFF", "SFH", "MXR"]));
      for (const l of all) {
        const [address] = await tx
          .insert(addresses)
          .values({
            organizationId: org.orgId,
            addressLine1: `${l.name.slice(-2)} Valencia Street`,
            city: "San Francisco",
            stateId: ca?.id ?? 1,
            zipcode: "94110",
            latitude: l.lat,
            longitude: l.lon,
          })
          .returning({ id: addresses.id });
        const [property] = await tx
          .insert(properties)
          .values({
            organizationId: org.orgId,
            name: l.name,
            propertyTypeId: types.find((x) => x.code === l.type)?.id ?? 1,
            addressId: address?.id,
            propertySlug: l.name.toLowerCase().replace(" ", "-"),
            showPropertyOnline: l.online ?? true,
            numberOfParkingSpots: l.name.endsWith("0") ? null : 12,
            petPolicy: l.name.endsWith("3") ? "cats_only" : null,
            createdDate: l.created,
          })
          .returning({ id: properties.id });
        const propertyId = property?.id ?? "";
        ids[l.name] = propertyId;
        for (const [n, plan] of l.plans.entries()) {
          const [fp] = await tx
            .insert(floorPlans)
            .values({
              organizationId: org.orgId,
              propertyId,
              planName: `Plan ${n + 1}`,
              bedRooms: plan.bedrooms,
              bathRooms: 1,
              totalSquareFeet: plan.sqft,
              baseRentEstimate: plan.rent,
              active: plan.active ?? true,
            })
            .returning({ id: floorPlans.id });
          await tx.insert(units).values(
            Array.from({ length: plan.units }, (_, u) => ({
              organizationId: org.orgId,
              propertyId,
              floorPlanId: fp?.id,
              unitNumber: `${n + 1}${String(u).padStart(2, "0")}`,
              numberOfBedrooms: plan.bedrooms,
              squareFootage: plan.sqft,
              occupied: u >= plan.vacant,
            })),
          );
        }
        if (l.loose.length) {
          await tx.insert(units).values(
            l.loose.map((u, k) => ({
              organizationId: org.orgId,
              propertyId,
              unitNumber: `L${k}`,
              numberOfBedrooms: u.bedrooms,
              squareFootage: u.sqft,
              occupied: !u.vacant,
            })),
          );
        }
      }
      await tx.insert(staff).values([
        {
          organizationId: org.orgId,
          name: "Lena Leasing",
          email: "lena@mission.example",
          jobTitle: "Leasing agent",
          phone: "(415) 555-0100",
          isPublicContact: true,
          acceptedInvite: true,
          displayOrder: 1,
        },
        { organizationId: org.orgId, name: "Private Pete", email: "pete@mission.example", isPublicContact: false },
      ]);
    });
  });
  afterAll(() => t.close());

  const search = async (params: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/v1/public/properties?zipcode=94110&${params}` });
    expect(res.statusCode, params).toBe(200);
    return publicPropertyListSchema.parse(res.json());
  };
  /** Every page of a search, in order. */
  const everyPage = async (params: string) => {
    const first = await search(params);
    const rest = [];
    for (let page = 2; page <= Math.ceil(first.total / PUBLIC_SEARCH_PAGE_SIZE); page++) {
      rest.push(...(await search(`${params}&page=${page}`)).properties);
    }
    return { total: first.total, properties: [...first.properties, ...rest] };
  };

  /**
   * A listing's available units as the public should see them, from the rows the test made: each
   * vacant unit of an active plan by its plan, every other vacant unit as itself (no rent).
   */
  function offerings(l: Listing) {
    return [
      ...l.plans.flatMap((p) =>
        Array.from({ length: p.vacant }, () =>
          p.active !== false
            ? { bedrooms: p.bedrooms as number | null, sqft: p.sqft as number | null, rent: p.rent as number | null }
            : { bedrooms: p.bedrooms, sqft: p.sqft, rent: null },
        ),
      ),
      ...l.loose.filter((u) => u.vacant).map((u) => ({ bedrooms: u.bedrooms, sqft: u.sqft, rent: null })),
    ];
  }
  const span = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null);
    return known.length ? { min: Math.min(...known), max: Math.max(...known) } : null;
  };

  /** What the test expects a search to list, computed from the rows it created. */
  function expected(o: { radius?: number; bedrooms?: string; maxRent?: number; commercial?: boolean }) {
    return all
      .map((l) => ({ ...l, miles: haversine(ORIGIN, l) }))
      .filter((l) => l.online !== false && l.miles <= (o.radius ?? 25))
      .filter((l) => (o.commercial ? l.type === "OFF" : l.type !== "OFF"))
      .filter((l) => {
        if (o.bedrooms === undefined && o.maxRent === undefined) return true;
        return offerings(l).some(
          (u) =>
            (o.bedrooms === undefined ||
              (u.bedrooms !== null &&
                (o.bedrooms === "studio"
                  ? u.bedrooms === 0
                  : o.bedrooms === "3plus"
                    ? u.bedrooms >= 3
                    : u.bedrooms === Number(o.bedrooms)))) &&
            (o.maxRent === undefined || (u.rent !== null && u.rent <= o.maxRent)),
        );
      });
  }
  const nearestFirst = (rows: ReturnType<typeof expected>) =>
    [...rows].sort((a, b) => a.miles - b.miles || a.name.localeCompare(b.name)).map((l) => l.name);

  it("lists the residential listings in the radius nearest first, with haversine distances", async () => {
    const found = await everyPage("");
    const want = expected({});
    expect(found.total).toBe(want.length);
    expect(found.properties.map((p) => p.name)).toEqual(nearestFirst(want));
    for (const p of found.properties) {
      const l = want.find((x) => x.name === p.name);
      expect(p.distance_miles).toBeCloseTo(l?.miles ?? -1, 1);
    }
  });

  it("shows each listing's rent, bedroom and size ranges over all its available units, their count and parking", async () => {
    const { properties: found } = await everyPage("radius=50");
    expect(found.length).toBeGreaterThan(20);
    // The seed has what the ranges must cover: vacant units without a plan, and on inactive plans.
    expect(found.some((p) => all.find((l) => l.name === p.name)?.loose.some((u) => u.vacant))).toBe(true);
    for (const p of found) {
      const l = all.find((x) => x.name === p.name);
      if (!l) throw new Error(p.name);
      const offered = offerings(l);
      expect(p.rent, p.name).toEqual(span(offered.map((x) => x.rent)));
      expect(p.bedrooms, p.name).toEqual(span(offered.map((x) => x.bedrooms)));
      expect(p.square_feet, p.name).toEqual(span(offered.map((x) => x.sqft)));
      expect(p.available_units, p.name).toBe(offered.length);
      expect(p.parking_spots, p.name).toBe(l.name.endsWith("0") ? null : 12);
      expect(p.pets, p.name).toBe(l.name.endsWith("3") ? "Cats only" : null);
    }
  });

  it("filters by bedrooms, maximum rent, radius and kind exactly as computed from the available units", async () => {
    const cases: { params: string; o: Parameters<typeof expected>[0] }[] = [
      ...PUBLIC_BEDROOM_CHOICES.map((b) => ({ params: `bedrooms=${b}`, o: { bedrooms: b } })),
      { params: "max_rent=1800", o: { maxRent: 1800 } },
      { params: "bedrooms=2&max_rent=2500", o: { bedrooms: "2", maxRent: 2500 } },
      { params: "radius=5", o: { radius: 5 } },
      { params: "radius=10&bedrooms=1", o: { radius: 10, bedrooms: "1" } },
      { params: "radius=50", o: { radius: 50 } },
      { params: "kind=commercial&radius=50", o: { commercial: true, radius: 50 } },
    ];
    for (const { params, o } of cases) {
      const found = await everyPage(params);
      const want = expected(o);
      expect(found.total, params).toBe(want.length);
      expect(
        found.properties.map((p) => p.name),
        params,
      ).toEqual(nearestFirst(want));
    }
  });

  it("sorts by lowest rent (listings with no available unit's rent last) and by newest", async () => {
    const want = expected({ radius: 50 });
    const byRent = await everyPage("radius=50&sort=rent");
    const minRent = (l: Listing) => span(offerings(l).map((u) => u.rent))?.min ?? Number.POSITIVE_INFINITY;
    expect(byRent.properties.map((p) => p.name)).toEqual(
      [...want].sort((a, b) => minRent(a) - minRent(b) || a.miles - b.miles).map((l) => l.name),
    );
    const newest = await everyPage("radius=50&sort=newest");
    expect(newest.properties.map((p) => p.name)).toEqual(
      [...want].sort((a, b) => b.created.localeCompare(a.created) || 0).map((l) => l.name),
    );
  });

  it("keeps page edges exact: no listing twice or missing, an empty page past the end", async () => {
    const want = nearestFirst(expected({ radius: 50 }));
    expect(want.length).toBeGreaterThan(PUBLIC_SEARCH_PAGE_SIZE * 2);
    const pages = [];
    for (let page = 1; page <= Math.ceil(want.length / PUBLIC_SEARCH_PAGE_SIZE) + 1; page++) {
      pages.push(await search(`radius=50&page=${page}`));
    }
    expect(pages.flatMap((p) => p.properties.map((x) => x.name))).toEqual(want);
    expect(pages.at(-1)?.properties).toEqual([]);
    expect(pages.every((p) => p.total === want.length)).toBe(true);
    expect(pages.map((p) => p.page)).toEqual(pages.map((_, i) => i + 1));
  });

  it("refuses bad parameters with their own message", async () => {
    for (const [params, message] of [
      ["bedrooms=4", publicPropertyMessages.badBedrooms],
      ["max_rent=-5", publicPropertyMessages.badMaxRent],
      ["max_rent=abc", publicPropertyMessages.badMaxRent],
      ["radius=15", publicPropertyMessages.badRadius],
      ["sort=price", publicPropertyMessages.badSort],
      ["page=0", publicPropertyMessages.badPage],
      ["page=99999", publicPropertyMessages.badPage],
      ["kind=industrial", publicPropertyMessages.badListingKind],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url: `/api/v1/public/properties?zipcode=94110&${params}` });
      expect(res.statusCode, params).toBe(400);
      expect(res.json().error.message, params).toBe(message);
    }
  });

  it("shows a property's available units by floor plan and as themselves, and the public contacts", async () => {
    const pageOf = async (l: Listing) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/v1/public/properties/by-slug/${l.name.toLowerCase().replace(" ", "-")}`,
      });
      expect(res.statusCode).toBe(200);
      return publicPropertyDetailsSchema.parse(res.json());
    };
    for (const l of all.filter((x) => x.online !== false)) {
      const page = await pageOf(l);
      // Active plans with vacant units, with how many; no row for a plan with none.
      const plans = l.plans.filter((p) => p.active !== false && p.vacant > 0);
      expect(
        page.floor_plans.map((p) => [p.bedrooms, p.rent, p.square_feet, p.available_units]).sort(),
        l.name,
      ).toEqual(plans.map((p) => [p.bedrooms, p.rent, p.sqft, p.vacant]).sort());
      // Every other vacant unit as itself: those of inactive plans and those without one.
      const themselves = [
        ...l.plans.filter((p) => p.active === false).flatMap((p) => Array(p.vacant).fill([p.bedrooms, p.sqft])),
        ...l.loose.filter((u) => u.vacant).map((u) => [u.bedrooms, u.sqft]),
      ];
      expect(page.units.map((u) => [u.bedrooms, u.square_feet]).sort(), l.name).toEqual(themselves.sort());
      // The counts agree: the page's rows add up to the card's figure.
      const rows = page.floor_plans.reduce((n, p) => n + p.available_units, 0) + page.units.length;
      expect(rows, l.name).toBe(page.available_units);
      expect(page.available_units, l.name).toBe(offerings(l).length);
    }
    const l = all.find((x) => x.online !== false);
    if (!l) throw new Error("the seed has a listing");
    const page = await pageOf(l);
    expect(page.contacts).toEqual([
      { name: "Lena Leasing", job_title: "Leasing agent", phone: "(415) 555-0100", email: "lena@mission.example" },
    ]);
    expect(JSON.stringify(page)).not.toContain("Private Pete");
  });

  it("finds nothing for an area without listings and keeps hidden listings out of every page", async () => {
    const empty = await t.app.inject({ method: "GET", url: "/api/v1/public/properties?zipcode=05733" });
    expect(empty.json()).toMatchObject({ properties: [], total: 0, origin: { zipcode: "05733", state_code: "VT" } });
    const listed = (await everyPage("radius=50")).properties.map((p: PublicPropertyListing) => p.name);
    for (const hidden of all.filter((l) => l.online === false)) expect(listed).not.toContain(hidden.name);
    expect(Object.keys(ids)).toHaveLength(all.length);
  });
});
