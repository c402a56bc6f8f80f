import { applicationMessages } from "@keyholder/contracts/applications";
import { assistantMessages } from "@keyholder/contracts/assistant";
import { publicPropertyMessages } from "@keyholder/contracts/public-properties";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  floorPlans,
  properties,
  propertyTypes,
  staff,
  units,
  usStates,
} from "../../apps/server/src/db/schema/index.ts";
import { createApprovedOrganization } from "../../apps/server/src/modules/demo/create-organization.ts";
import { grid } from "./grid-page.ts";
import { type E2e, hasChromium, hydrated, openFromMenu, signIn, startE2e } from "./harness.ts";

const OWNER = { email: "owner@mission.example", password: "Mission-Rentals-1!" };

/**
 * San Francisco's Mission (94110): not one of the 68 ZIP codes the search knew before the national
 * directory. Two listings; only Valencia Gardens has a 2-bedroom plan under $3,000.
 */
const listings = [
  {
    name: "Valencia Gardens",
    slug: "valencia-gardens-e2e",
    lat: 37.7605,
    lon: -122.4212,
    plans: [
      { name: "Garden 1x1", bedrooms: 1, rent: 2450, sqft: 640, units: 3, vacant: 1 },
      { name: "Garden 2x1", bedrooms: 2, rent: 2950, sqft: 880, units: 4, vacant: 2 },
    ],
  },
  {
    name: "Dolores Heights",
    slug: "dolores-heights-e2e",
    lat: 37.7545,
    lon: -122.4305,
    plans: [{ name: "Heights Studio", bedrooms: 0, rent: 1850, sqft: 420, units: 2, vacant: 0 }],
  },
];

async function seed(e2e: E2e) {
  const org = await createApprovedOrganization(e2e.app.db, {
    name: "Mission Rentals",
    email: OWNER.email,
    password: OWNER.password,
    firstName: "Mo",
    lastName: "Owner",
  });
  await e2e.app.asSystem(async (tx) => {
    const [ca] = await tx.select({ id: usStates.id }).from(usStates).where(eq(usStates.stateCode, "CA"));
    const [type] = await tx.select({ id: propertyTypes.id }).from(propertyTypes).where(eq(propertyTypes.code, "MFH"));
    for (const [n, l] of listings.entries()) {
      const [address] = await tx
        .insert(addresses)
        .values({
          organizationId: org.orgId,
          addressLine1: `${500 + n} Valencia Street`,
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
          propertyTypeId: type?.id ?? 1,
          addressId: address?.id,
          propertySlug: l.slug,
          showPropertyOnline: true,
          numberOfParkingSpots: 8,
        })
        .returning({ id: properties.id });
      for (const p of l.plans) {
        const [plan] = await tx
          .insert(floorPlans)
          .values({
            organizationId: org.orgId,
            propertyId: property?.id,
            planName: p.name,
            bedRooms: p.bedrooms,
            bathRooms: 1,
            totalSquareFeet: p.sqft,
            baseRentEstimate: p.rent,
          })
          .returning({ id: floorPlans.id });
        await tx.insert(units).values(
          Array.from({ length: p.units }, (_, u) => ({
            organizationId: org.orgId,
            propertyId: property?.id ?? "",
            floorPlanId: plan?.id,
            unitNumber: `${p.name.slice(0, 1)}${u + 1}`,
            occupied: u >= p.vacant,
          })),
        );
      }
    }
    await tx.insert(staff).values({
      organizationId: org.orgId,
      name: "Lupe Leasing",
      email: "lupe@mission.example",
      jobTitle: "Leasing manager",
      phone: "(415) 555-0188",
      isPublicContact: true,
      acceptedInvite: true,
    });
  });
}

describe.skipIf(!hasChromium)("finding a home and applying for it", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
    await seed(e2e);
  });
  afterAll(() => e2e?.close());

  it("searches a ZIP code the old list lacked, filters by bedrooms and rent, opens a listing and applies", async () => {
    const page = await e2e.newPage();
    await page.goto("/properties?zipCode=94110");
    const results = page.getByRole("region", { name: /within 25 miles of 94110|No properties/ });
    await page.getByRole("heading", { name: "2 homes within 25 miles of 94110 (San Francisco, CA)" }).waitFor();
    const cards = results.getByRole("article");
    expect(await cards.count()).toBe(2);
    const gardens = cards.filter({ hasText: "Valencia Gardens" });
    expect(await gardens.textContent()).toContain("$2,450–$2,950/mo");
    expect(await gardens.textContent()).toContain("3 units available");
    expect(await cards.filter({ hasText: "Dolores Heights" }).textContent()).toContain("No units available right now");

    // Filters apply at once and live in the address, so the view can be shared.
    await hydrated(page.getByLabel("Max rent"));
    await page.getByRole("radio", { name: /^2/ }).check({ force: true });
    await page.waitForURL((url) => url.searchParams.get("bedrooms") === "2");
    await page.getByRole("heading", { name: /^1 home within 25 miles/ }).waitFor();
    await page.getByLabel("Max rent").selectOption("2500");
    await page.getByRole("heading", { name: publicPropertyMessages.noProperties }).waitFor();
    expect(new URL(page.url()).searchParams.get("maxRent")).toBe("2500");
    await page.getByLabel("Max rent").selectOption("3000");
    await page.getByRole("heading", { name: /^1 home within 25 miles/ }).waitFor();
    expect(await results.getByRole("article").count()).toBe(1);

    await results.getByRole("link", { name: "Valencia Gardens" }).click();
    await page.waitForURL("**/properties/valencia-gardens-e2e");
    await page.getByRole("heading", { level: 1, name: "Valencia Gardens" }).waitFor();
    const plans = page.getByRole("table");
    expect(await plans.getByRole("row", { name: /Garden 2x1/ }).textContent()).toContain("$2,950/mo");
    expect(await page.getByText("Lupe Leasing").count()).toBe(1);
    // The assistant on a public page knows the listing on screen.
    await page.getByRole("button", { name: "AI", exact: true }).click();
    const assistant = page.getByRole("complementary", { name: "Keyholder AI Assistant" });
    // A visitor is invited to ask about homes, not about "your units".
    expect(await assistant.getByLabel("Ask the assistant").getAttribute("placeholder")).toBe(
      assistantMessages.publicPlaceholder,
    );
    await assistant.getByLabel("Ask the assistant").fill("What is the rent here?");
    await assistant.getByLabel("Ask the assistant").press("Enter");
    await assistant.getByText("Rents at Valencia Gardens run from $2,450 to $2,950 a month").waitFor();
    await assistant.getByRole("button", { name: "Close the assistant" }).click();

    await page.getByRole("link", { name: "Apply now" }).click();
    await page.waitForURL("**/properties/valencia-gardens-e2e/apply");
    await page.getByRole("heading", { level: 1, name: "Apply to Valencia Gardens" }).waitFor();
    const submit = page.getByRole("button", { name: "Submit Application" });
    await hydrated(submit);
    // An empty submit says what is missing, under each field.
    await submit.click();
    await page.getByText(applicationMessages.fullNameRequired).waitFor();
    await page.getByLabel("Full Name").fill("Rosa Renter");
    await page.getByLabel("Email").fill("rosa@example.com");
    await page.getByLabel("Phone Number").fill("4155550142");
    await page
      .getByLabel("Floor plan or unit")
      .selectOption({ label: "Garden 2x1 · 2 beds · $2,950/mo · 2 units available" });
    const moveIn = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    // The date picker's segments, month first (en-US); typing moves on by itself.
    const [year, month, day] = moveIn.split("-");
    await page.getByRole("spinbutton", { name: /^month, Desired move-in date/ }).focus();
    await page.keyboard.type(`${month}${day}${year}`);
    // A double click makes one application.
    await submit.dblclick();
    await page.getByRole("heading", { name: applicationMessages.submitted }).waitFor();
    const reference = await page.locator("strong.font-mono").textContent();
    expect(reference).toMatch(/^[0-9A-F]{8}$/);

    const stored = await e2e.app.asSystem(async (tx) => {
      const { rows } = (await tx.execute(
        sql`select full_name, phone, floor_plan_name, move_in_date::text as move_in, status from applications where email = 'rosa@example.com'`,
      )) as unknown as { rows: Record<string, unknown>[] };
      return rows;
    });
    expect(stored).toEqual([
      {
        full_name: "Rosa Renter",
        phone: "(415) 555-0142",
        floor_plan_name: "Garden 2x1",
        move_in: moveIn,
        status: "new",
      },
    ]);
  });

  it("describes each public page to search engines and link previews in the server's HTML", async () => {
    const html = await (await fetch(e2e.url("/properties/valencia-gardens-e2e"))).text();
    const meta = (name: string) =>
      new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(html).toContain("<title>Valencia Gardens · Keyholder</title>");
    expect(meta("description")).toContain("Valencia Gardens in San Francisco, California");
    expect(meta("description")).toContain("$2,450–$2,950/mo");
    expect(meta("og:title")).toBe("Valencia Gardens · Keyholder");
    expect(meta("og:url")).toBe(e2e.url("/properties/valencia-gardens-e2e"));
    const ld = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1] ?? "{}";
    const data = JSON.parse(ld);
    expect(data).toMatchObject({
      "@type": "ApartmentComplex",
      name: "Valencia Gardens",
      url: e2e.url("/properties/valencia-gardens-e2e"),
      address: { streetAddress: "500 Valencia Street", postalCode: "94110", addressCountry: "US" },
      offers: { "@type": "AggregateOffer", lowPrice: 2450, highPrice: 2950, priceCurrency: "USD" },
    });
    const list = await (await fetch(e2e.url("/properties?zipCode=94110"))).text();
    expect(list).toMatch(
      /<meta name="description" content="2 homes for rent within 25 miles of San Francisco, CA 94110/,
    );
    expect(list).toContain(`<link rel="canonical" href="${e2e.url("/properties?zipCode=94110")}" />`);
  });

  it("brings the application to the organization: the administrator finds it and changes its status", async () => {
    await e2e.app.mailer.idle();
    const notices = await e2e.app.asSystem(async (tx) => {
      const { rows } = (await tx.execute(
        sql`select subject from mail_outbox where to_address = ${OWNER.email} order by id`,
      )) as unknown as { rows: { subject: string }[] };
      return rows.map((r) => r.subject);
    });
    expect(notices).toContain("New application for Valencia Gardens from Rosa Renter");

    const admin = await signIn(e2e, OWNER);
    // On the public side a signed-in visitor has their menu instead of Log in and Sign Up.
    await admin.goto("/properties?zipCode=94110");
    const menu = admin.getByRole("button", { name: /^User menu: .*Mo Owner/ });
    await hydrated(menu);
    expect(await admin.getByRole("link", { name: "Log in" }).count()).toBe(0);
    await menu.click();
    await admin.getByRole("link", { name: "Go to workspace" }).click();
    await admin.waitForURL("**/workspace");

    await openFromMenu(admin, "Applicants", "All Applicants");
    const row = grid(admin).getByRole("row").filter({ hasText: "Rosa Renter" });
    await row.getByText("New", { exact: true }).waitFor();
    expect(await row.textContent()).toContain("Valencia Gardens");
    await row.getByRole("gridcell").first().click({ button: "right" });
    await admin.getByRole("menuitem", { name: "Change Status" }).click();
    const dialog = admin.getByRole("dialog", { name: "Change Status: Rosa Renter" });
    await dialog.getByLabel("Status", { exact: true }).selectOption("approved");
    await dialog.getByLabel("Note (optional)").fill("Welcome home! Keys are ready on the 1st.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await grid(admin).getByRole("row").filter({ hasText: "Rosa Renter" }).getByText("Approved").waitFor();

    await e2e.app.mailer.idle();
    const told = await e2e.app.asSystem(async (tx) => {
      const { rows } = (await tx.execute(
        sql`select subject, text_body from mail_outbox where to_address = 'rosa@example.com' order by id desc limit 1`,
      )) as unknown as { rows: { subject: string; text_body: string }[] };
      return rows[0];
    });
    expect(told?.subject).toBe("Your application for Valencia Gardens: Approved");
    expect(told?.text_body).toContain("Keys are ready on the 1st.");
  });
});
