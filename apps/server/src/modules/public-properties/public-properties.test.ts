import { DAYS_OF_THE_WEEK } from "@keyholder/contracts/opening-hours";
import {
  PUBLIC_SEARCH_PAGE_SIZE,
  PUBLIC_SEARCH_RADIUS_MILES,
  publicAreaListSchema,
  publicPropertyDetailsSchema,
  publicPropertyImageListSchema,
  publicPropertyListSchema,
  publicPropertyMessages,
} from "@keyholder/contracts/public-properties";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem, type Tx } from "../../db/client.ts";
import {
  addresses,
  floorPlans,
  organizations,
  properties,
  propertyImages,
  propertyTypes,
  staff,
  units,
  usStates,
} from "../../db/schema/index.ts";
import { milesBetween } from "../../lib/geo/distance.ts";
import { allZips } from "../../lib/geo/zip-directory.ts";
import { findZip } from "../../lib/geo/zip-lookup.ts";
import { normalizeImage } from "../../lib/images/normalize.ts";
import { createApprovedOrganization } from "../demo/create-organization.ts";
import { MAX_SIDE, storeImage } from "../images/store-image.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

interface Spot {
  name: string;
  slug: string | null;
  zip: string;
  lat: number | null;
  lon: number | null;
  online?: boolean;
}

/** Austin, TX 78701 is centred at 30.2711, -97.7437 (lib/geo/zip-centres.ts). */
const alphaSpots: Spot[] = [
  { name: "Congress Lofts", slug: "congress-lofts", zip: "78701", lat: 30.2755, lon: -97.7405 },
  { name: "Hidden Gardens", slug: "hidden-gardens", zip: "78701", lat: 30.272, lon: -97.744, online: false },
  { name: "Round Rock Commons", slug: "round-rock-commons", zip: "78664", lat: 30.5083, lon: -97.6789 },
  { name: "San Marcos Place", slug: "san-marcos-place", zip: "78666", lat: 29.8833, lon: -97.9414 },
  // Entered without geocoding: placed at the centre of its ZIP code, 78704 (about 2.3 miles away).
  { name: "Ungeocoded Court", slug: null, zip: "78704", lat: null, lon: null },
];
const bravoSpots: Spot[] = [
  { name: "South Lamar Flats", slug: "south-lamar-flats", zip: "78704", lat: 30.24, lon: -97.78 },
  { name: "Bayou Towers", slug: "bayou-towers", zip: "77002", lat: 29.757, lon: -95.36 },
];
/** Shown online, but its organization was rejected at review. */
const rejectedSpots: Spot[] = [
  { name: "Rejected Row", slug: "rejected-row", zip: "78701", lat: 30.271, lon: -97.7436 },
];

const PASSWORD = "Public-Pass-123!";

async function seedSpots(tx: Tx, orgId: string, spots: Spot[]) {
  const [texas] = await tx.select({ id: usStates.id }).from(usStates).where(eq(usStates.stateCode, "TX"));
  const [type] = await tx.select({ id: propertyTypes.id }).from(propertyTypes).where(eq(propertyTypes.code, "MFH"));
  const ids: Record<string, string> = {};
  for (const s of spots) {
    const [address] = await tx
      .insert(addresses)
      .values({
        organizationId: orgId,
        addressLine1: `${s.name.length * 37} Main Street`,
        city: "Austin",
        stateId: texas?.id ?? 1,
        zipcode: s.zip,
        latitude: s.lat,
        longitude: s.lon,
      })
      .returning({ id: addresses.id });
    const [property] = await tx
      .insert(properties)
      .values({
        organizationId: orgId,
        name: s.name,
        propertyTypeId: type?.id ?? 1,
        addressId: address?.id,
        propertySlug: s.slug,
        showPropertyOnline: s.online ?? true,
        lotSize: 2.5,
        numberOfParkingSpots: 40,
        totalUnits: 120,
      })
      .returning({ id: properties.id });
    ids[s.name] = property?.id ?? "";
  }
  return ids;
}

const png = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 120, b: 140 } } })
    .png()
    .toBuffer();

describe("public property listings", () => {
  let t: TestApp;
  const orgIds: string[] = [];
  let ids: Record<string, string> = {};
  const imageIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const make = (name: string) =>
      createApprovedOrganization(t.db, {
        name,
        email: `${name.toLowerCase()}@example.com`,
        password: PASSWORD,
        firstName: name,
        lastName: "Owner",
      });
    const alpha = await make("Alpha");
    const bravo = await make("Bravo");
    const rejected = await make("Rejected");
    orgIds.push(alpha.orgId, bravo.orgId, rejected.orgId);
    await asSystem(t.db, async (tx) => {
      ids = {
        ...(await seedSpots(tx, alpha.orgId, alphaSpots)),
        ...(await seedSpots(tx, bravo.orgId, bravoSpots)),
        ...(await seedSpots(tx, rejected.orgId, rejectedSpots)),
      };
      await tx.update(organizations).set({ waitlistStatus: "rejected" }).where(eq(organizations.id, rejected.orgId));
      // Congress Lofts has a floor plan with a vacant unit, a vacant unit without one, one on notice, office hours
      // and a public contact, so every nested field of its page is in the allowlist check below.
      const lofts = ids["Congress Lofts"] ?? "";
      const [plan] = await tx
        .insert(floorPlans)
        .values({
          organizationId: alpha.orgId,
          propertyId: lofts,
          planName: "Loft",
          totalSquareFeet: 720,
          bedRooms: 1,
          bathRooms: 1,
          baseRentEstimate: 1850,
        })
        .returning({ id: floorPlans.id });
      await tx.insert(units).values([
        { organizationId: alpha.orgId, propertyId: lofts, floorPlanId: plan?.id, unitNumber: "101" },
        // Offered as itself: no floor plan.
        { organizationId: alpha.orgId, propertyId: lofts, unitNumber: "102", numberOfBedrooms: 2, squareFootage: 900 },
        // On notice: occupied, available from a later day (the page's "Coming available").
        {
          organizationId: alpha.orgId,
          propertyId: lofts,
          floorPlanId: plan?.id,
          unitNumber: "103",
          occupied: true,
          dateAvailable: "2099-01-15",
        },
      ]);
      await tx
        .update(properties)
        .set({
          openingHours: DAYS_OF_THE_WEEK.map((day) => ({
            dayOfTheWeek: day,
            isClosed: day === "Sun",
            startTime: day === "Sun" ? null : "09:00",
            endTime: day === "Sun" ? null : "18:00",
          })),
        })
        .where(eq(properties.id, lofts));
      await tx.insert(staff).values({
        organizationId: alpha.orgId,
        name: "Ada Agent",
        email: "ada@alpha.example",
        jobTitle: "Leasing",
        phone: "(512) 555-0101",
        isPublicContact: true,
        acceptedInvite: true,
      });
      // Congress Lofts gets three images (stored out of order); Hidden Gardens one.
      for (const [key, property, order, org] of [
        ["third", "Congress Lofts", 3, alpha],
        ["first", "Congress Lofts", 1, alpha],
        ["second", "Congress Lofts", 2, alpha],
        ["hidden", "Hidden Gardens", 1, alpha],
      ] as const) {
        const image = await storeImage(tx, t.app.storage, {
          orgId: org.orgId,
          userId: org.adminUserId,
          kind: "property",
          image: await normalizeImage(await png(order * 60), MAX_SIDE.property),
        });
        imageIds[key] = image.publicId;
        await tx.insert(propertyImages).values({
          organizationId: org.orgId,
          propertyId: ids[property] ?? "",
          imageId: image.id,
          displayOrder: order,
        });
      }
    });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url });
  const near = async (zip: string) => {
    const res = await get(`/api/v1/public/properties?zipcode=${zip}`);
    expect(res.statusCode).toBe(200);
    return publicPropertyListSchema.parse(res.json()).properties;
  };

  it("lists properties shown online by every approved organization near the ZIP code, nearest first", async () => {
    const found = await near("78701");
    expect(found.map((p) => p.name)).toEqual([
      "Congress Lofts",
      "Ungeocoded Court",
      "South Lamar Flats",
      "Round Rock Commons",
    ]);
    const distances = found.map((p) => p.distance_miles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(found[0]?.distance_miles).toBeLessThan(0.5);
    // Ungeocoded Court is measured from its ZIP code's centre in the national directory.
    const origin = findZip("78701");
    const centre = findZip("78704");
    if (!origin || !centre) throw new Error("the directory knows Austin");
    expect(found[1]?.distance_miles).toBeCloseTo(milesBetween(origin, centre), 2);
    expect(found[3]?.distance_miles).toBeGreaterThan(15);
    expect(found[3]?.distance_miles).toBeLessThan(18);
    expect(found.every((p) => p.distance_miles <= PUBLIC_SEARCH_RADIUS_MILES)).toBe(true);
    expect(found[0]).toMatchObject({
      id: ids["Congress Lofts"],
      property_slug: "congress-lofts",
      property_type: { name: "Multifamily Apartment" },
      address: { city: "Austin", state: { state_name: "Texas" }, zipcode: "78701" },
    });
    expect(found[1]?.property_slug).toBeNull();
  });

  it("never lists a hidden property, a rejected organization's, or one beyond the radius", async () => {
    const names = (await near("78701")).map((p) => p.name);
    expect(names).not.toContain("Hidden Gardens");
    expect(names).not.toContain("Rejected Row");
    expect(names).not.toContain("San Marcos Place");
    expect(names).not.toContain("Bayou Towers");
    expect((await near("77002")).map((p) => p.name)).toEqual(["Bayou Towers"]);
  });

  it("suggests the ZIP codes with the most listed homes, counting only public properties", async () => {
    const res = await get("/api/v1/public/areas");
    expect(res.statusCode).toBe(200);
    const { areas } = publicAreaListSchema.parse(res.json());
    // 78704: Ungeocoded Court and South Lamar Flats; 78701 counts Congress Lofts only (Hidden
    // Gardens is offline, Rejected Row's organization was rejected).
    expect(areas.map((a) => [a.zipcode, a.listings])).toEqual([
      ["78704", 2],
      ["77002", 1],
      ["78664", 1],
      ["78666", 1],
      ["78701", 1],
    ]);
    for (const orgId of orgIds) expect(res.body).not.toContain(orgId);
  });

  it("answers only allowlisted fields on every public read: no organization, no internal columns", async () => {
    /** Every key path of a JSON value ("properties[].address.city"), arrays folded. */
    const keyPaths = (value: unknown, prefix = ""): string[] => {
      if (Array.isArray(value)) return value.flatMap((v) => keyPaths(v, `${prefix}[]`));
      if (value === null || typeof value !== "object") return [];
      return Object.entries(value).flatMap(([k, v]) => {
        const path = prefix ? `${prefix}.${k}` : k;
        return [path, ...keyPaths(v, path)];
      });
    };
    const listing = [
      "id",
      "name",
      "property_slug",
      "property_type",
      "property_type.name",
      "address",
      "address.address_line_1",
      "address.city",
      "address.state",
      "address.state.state_name",
      "address.zipcode",
      "rent",
      "rent.min",
      "rent.max",
      "bedrooms",
      "bedrooms.min",
      "bedrooms.max",
      "square_feet",
      "square_feet.min",
      "square_feet.max",
      "available_units",
      "parking_spots",
      "pets",
      "cover_image",
      "cover_image.url",
    ];
    const allowed: Record<string, string[]> = {
      "/api/v1/public/properties?zipcode=78701": [
        ...["properties", "total", "page", "page_size", "radius_miles", "origin"],
        ...["origin.zipcode", "origin.city", "origin.state_code"],
        ...[...listing, "distance_miles"].map((k) => `properties[].${k}`),
      ],
      "/api/v1/public/properties/by-slug/congress-lofts": [
        ...listing,
        "floor_plans",
        "units",
        "coming_available",
        "opening_hours",
        "contacts",
        ...["id", "name", "bedrooms", "bathrooms", "square_feet", "rent", "available_units"].map(
          (k) => `floor_plans[].${k}`,
        ),
        ...["id", "unit_number", "building_name", "bedrooms", "bathrooms", "square_feet"].map((k) => `units[].${k}`),
        ...[
          ...["id", "unit_number", "building_name", "floor_plan", "bedrooms", "bathrooms", "square_feet", "rent"],
          "available_on",
        ].map((k) => `coming_available[].${k}`),
        ...["dayOfTheWeek", "isClosed", "startTime", "endTime"].map((k) => `opening_hours[].${k}`),
        ...["name", "job_title", "phone", "email"].map((k) => `contacts[].${k}`),
      ],
      "/api/v1/public/areas": [
        "areas",
        ...["zipcode", "city", "state", "state.state_name", "listings"].map((k) => `areas[].${k}`),
      ],
      "/api/v1/public/zipcodes/nearest?lat=30.2690&lon=-97.7420": ["zipcode", "city", "state_code", "distance_miles"],
      [`/api/v1/public/properties/${ids["Congress Lofts"]}/images`]: [
        ...["image_id", "display_order", "image", "image.url", "image.width", "image.height"].map((k) => `[].${k}`),
      ],
    };
    for (const [url, keys] of Object.entries(allowed)) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const seen = new Set(keyPaths(res.json()));
      expect(
        [...seen].filter((k) => !keys.includes(k)),
        url,
      ).toEqual([]);
      // And every allowed field is there: the check above would pass on an empty answer.
      expect(
        keys.filter((k) => !seen.has(k)),
        url,
      ).toEqual([]);
      for (const orgId of orgIds) expect(res.body).not.toContain(orgId);
      expect(res.body).not.toMatch(/organization|show_property_online|lot_size|latitude|occupied/);
    }
  });

  it("refuses a malformed ZIP code with a clear message and finds nothing for an unknown one", async () => {
    for (const zip of ["7870", "787011", "78a01", "", "78701%27%3B--"]) {
      const res = await get(`/api/v1/public/properties?zipcode=${zip}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "VALIDATION_FAILED",
        message: publicPropertyMessages.badZipcode,
        fields: { zipcode: [publicPropertyMessages.badZipcode] },
      });
    }
    expect((await get("/api/v1/public/properties")).statusCode).toBe(400);
    const unknown = await get("/api/v1/public/properties?zipcode=00000");
    expect(unknown.json()).toMatchObject({ properties: [], total: 0, origin: null });
  });

  it("pages through a crowded area nearest first, with the total on every page", async () => {
    const count = PUBLIC_SEARCH_PAGE_SIZE * 2 + 5;
    const crowd = Array.from({ length: count }, (_, i) => ({
      name: `Crowd ${String(i).padStart(3, "0")}`,
      slug: null,
      zip: "99501",
      lat: 61.2167 + i * 0.0005,
      lon: -149.8935,
    }));
    await asSystem(t.db, (tx) => seedSpots(tx, orgIds[1] ?? "", crowd));
    const pageOf = async (page: number) => {
      const res = await get(`/api/v1/public/properties?zipcode=99501&page=${page}`);
      expect(res.statusCode).toBe(200);
      return publicPropertyListSchema.parse(res.json());
    };
    const pages = [await pageOf(1), await pageOf(2), await pageOf(3), await pageOf(4)];
    expect(pages.map((p) => p.properties.length)).toEqual([PUBLIC_SEARCH_PAGE_SIZE, PUBLIC_SEARCH_PAGE_SIZE, 5, 0]);
    expect(pages.map((p) => p.total)).toEqual([count, count, count, count]);
    expect(pages.flatMap((p) => p.properties.map((x) => x.name))).toEqual(crowd.map((c) => c.name));
  });

  it("finds the ZIP code nearest the visitor's coordinates, or says there is none", async () => {
    // The nearest centre by a scan of the whole directory, ties by code (as the server breaks them).
    for (const position of [
      { lat: 30.269, lon: -97.742 },
      { lat: 37.7599, lon: -122.4148 },
      { lat: 44.2601, lon: -72.5754 },
    ]) {
      const [expected] = [...allZips()]
        .map((z) => ({ ...z, miles: milesBetween(position, z) }))
        .sort((a, b) => a.miles - b.miles || a.zipcode.localeCompare(b.zipcode));
      const ok = await get(`/api/v1/public/zipcodes/nearest?lat=${position.lat}&lon=${position.lon}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({
        zipcode: expected?.zipcode,
        city: expected?.city,
        state_code: expected?.stateCode,
        distance_miles: Math.round((expected?.miles ?? 0) * 100) / 100,
      });
      expect(ok.headers["cache-control"]).toContain("private");
    }

    const ocean = await get("/api/v1/public/zipcodes/nearest?lat=0&lon=-30");
    expect(ocean.statusCode).toBe(404);
    expect(ocean.json().error.message).toBe(publicPropertyMessages.noZipForCoordinates);

    for (const [query, message] of [
      ["lat=91&lon=0", publicPropertyMessages.badLatitude],
      ["lat=-90.5&lon=0", publicPropertyMessages.badLatitude],
      ["lat=abc&lon=0", publicPropertyMessages.badLatitude],
      ["lat=&lon=0", publicPropertyMessages.badLatitude],
      ["lat=30&lon=180.01", publicPropertyMessages.badLongitude],
      ["lat=30", publicPropertyMessages.badLongitude],
    ] as const) {
      const res = await get(`/api/v1/public/zipcodes/nearest?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBe(message);
    }
  });

  it("shows a property by its slug only while it is shown online", async () => {
    const res = await get("/api/v1/public/properties/by-slug/congress-lofts");
    expect(res.statusCode).toBe(200);
    expect(publicPropertyDetailsSchema.parse(res.json())).toMatchObject({
      id: ids["Congress Lofts"],
      name: "Congress Lofts",
      address: { zipcode: "78701", state: { state_name: "Texas" } },
    });
    expect(res.body).not.toContain(orgIds[0] ?? "?");
    for (const slug of ["hidden-gardens", "rejected-row", "no-such-place"]) {
      const missing = await get(`/api/v1/public/properties/by-slug/${slug}`);
      expect(missing.statusCode, slug).toBe(404);
      expect(missing.json().error.message).toBe(publicPropertyMessages.propertyNotFound);
    }
  });

  it("lists a public property's images by display order and serves their bytes to anyone", async () => {
    const res = await get(`/api/v1/public/properties/${ids["Congress Lofts"]}/images`);
    expect(res.statusCode).toBe(200);
    const list = publicPropertyImageListSchema.parse(res.json());
    expect(list.map((i) => i.image_id)).toEqual([imageIds.first, imageIds.second, imageIds.third]);
    expect(list.map((i) => i.display_order)).toEqual([1, 2, 3]);
    // The search results show each property's first photo, or none.
    const listed = await near("78701");
    expect(listed.find((p) => p.name === "Congress Lofts")?.cover_image).toEqual({ url: list[0]?.image.url });
    expect(listed.find((p) => p.name === "South Lamar Flats")?.cover_image).toBeNull();
    const bytes = await get(list[0]?.image.url ?? "");
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers["content-type"]).toBe("image/webp");
    expect(bytes.headers["cache-control"]).toBe("public, max-age=60");
    expect(bytes.rawPayload.subarray(8, 12).toString()).toBe("WEBP");

    const none = await get(`/api/v1/public/properties/${ids["South Lamar Flats"]}/images`);
    expect(none.json()).toEqual([]);
  });

  it("refuses the images of a property that is not shown online, and images of other properties", async () => {
    const hidden = ids["Hidden Gardens"] ?? "";
    const list = await get(`/api/v1/public/properties/${hidden}/images`);
    expect(list.statusCode).toBe(404);
    expect(list.json().error.message).toBe(publicPropertyMessages.propertyNotFound);
    expect((await get(`/api/v1/public/properties/${hidden}/images/${imageIds.hidden}`)).statusCode).toBe(404);
    // A public property's URL cannot be used to reach an image attached to another property.
    const borrowed = await get(`/api/v1/public/properties/${ids["Congress Lofts"]}/images/${imageIds.hidden}`);
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().error.message).toBe(publicPropertyMessages.imageNotFound);
    const rejected = await get(`/api/v1/public/properties/${ids["Rejected Row"]}/images`);
    expect(rejected.statusCode).toBe(404);
    expect((await get("/api/v1/public/properties/not-a-uuid/images")).statusCode).toBe(400);
    expect((await get(`/api/v1/public/properties/${crypto.randomUUID()}/images`)).statusCode).toBe(404);
  });

  it("hides a property from every public read as soon as it is taken offline", async () => {
    await asSystem(t.db, (tx) =>
      tx
        .update(properties)
        .set({ showPropertyOnline: false })
        .where(eq(properties.id, ids["South Lamar Flats"] ?? "")),
    );
    expect((await near("78704")).map((p) => p.name)).not.toContain("South Lamar Flats");
    expect((await get("/api/v1/public/properties/by-slug/south-lamar-flats")).statusCode).toBe(404);
  });

  it("lets caches keep a listed property's photo briefly and revalidate it, and refuses it once unlisted", async () => {
    const [first] = publicPropertyImageListSchema.parse(
      (await get(`/api/v1/public/properties/${ids["Congress Lofts"]}/images`)).json(),
    );
    const url = first?.image.url ?? "";
    const etag = (await get(url)).headers.etag;
    expect(etag).toBeTruthy();
    const revalidated = await t.app.inject({ method: "GET", url, headers: { "if-none-match": String(etag) } });
    expect(revalidated.statusCode).toBe(304);
    await asSystem(t.db, (tx) =>
      tx
        .update(properties)
        .set({ showPropertyOnline: false })
        .where(eq(properties.id, ids["Congress Lofts"] ?? "")),
    );
    const gone = await t.app.inject({ method: "GET", url, headers: { "if-none-match": String(etag) } });
    expect(gone.statusCode).toBe(404);
  });

  it("documents the public routes in the OpenAPI document", async () => {
    const doc = (await get("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/public/properties",
        "/api/v1/public/zipcodes/nearest",
        "/api/v1/public/properties/by-slug/{slug}",
        "/api/v1/public/properties/{id}/images",
        "/api/v1/public/properties/{id}/images/{imageId}",
      ]),
    );
  });
});
