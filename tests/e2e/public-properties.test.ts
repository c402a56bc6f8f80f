import { publicPropertyMessages } from "@keyholder/contracts/public-properties";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addresses,
  properties,
  propertyImages,
  propertyTypes,
  usStates,
} from "../../apps/server/src/db/schema/index.ts";
import { normalizeImage } from "../../apps/server/src/lib/images/normalize.ts";
import { createApprovedOrganization } from "../../apps/server/src/modules/demo/create-organization.ts";
import { MAX_SIDE, storeImage } from "../../apps/server/src/modules/images/store-image.ts";
import { type E2e, hasChromium, hydrated, startE2e } from "./harness.ts";

/** Near the centre of Austin's 78701 (apps/server/src/lib/geo/zip-centres.ts). */
const listed = [
  { name: "Congress Lofts", slug: "congress-lofts-e2e", lat: 30.2755, lon: -97.7405, online: true, photos: 3 },
  { name: "Quiet Court", slug: "quiet-court-e2e", lat: 30.29, lon: -97.75, online: true, photos: 0 },
  { name: "Hidden Haven", slug: "hidden-haven-e2e", lat: 30.272, lon: -97.744, online: false, photos: 0 },
];

async function seed(e2e: E2e) {
  const org = await createApprovedOrganization(e2e.app.db, {
    name: "Lone Star Living",
    email: "owner@lonestar.example",
    password: "Lone-Star-Living-1!",
    firstName: "Lou",
    lastName: "Star",
  });
  await e2e.app.asSystem(async (tx) => {
    const [texas] = await tx.select({ id: usStates.id }).from(usStates).where(eq(usStates.stateCode, "TX"));
    const [type] = await tx.select({ id: propertyTypes.id }).from(propertyTypes).where(eq(propertyTypes.code, "MFH"));
    for (const [n, p] of listed.entries()) {
      const [address] = await tx
        .insert(addresses)
        .values({
          organizationId: org.orgId,
          addressLine1: `${100 + n} Congress Avenue`,
          city: "Austin",
          stateId: texas?.id ?? 1,
          zipcode: "78701",
          latitude: p.lat,
          longitude: p.lon,
        })
        .returning({ id: addresses.id });
      const [property] = await tx
        .insert(properties)
        .values({
          organizationId: org.orgId,
          name: p.name,
          propertyTypeId: type?.id ?? 1,
          addressId: address?.id,
          propertySlug: p.slug,
          showPropertyOnline: p.online,
        })
        .returning({ id: properties.id });
      for (let i = 0; i < p.photos; i++) {
        const bytes = await sharp({
          create: { width: 300, height: 200, channels: 3, background: { r: 40 * i, g: 120, b: 200 - 40 * i } },
        })
          .png()
          .toBuffer();
        const image = await storeImage(tx, e2e.app.storage, {
          orgId: org.orgId,
          userId: org.adminUserId,
          kind: "property",
          image: await normalizeImage(bytes, MAX_SIDE.property),
        });
        await tx.insert(propertyImages).values({
          organizationId: org.orgId,
          propertyId: property?.id ?? "",
          imageId: image.id,
          displayOrder: i + 1,
        });
      }
    }
  });
}

describe.skipIf(!hasChromium)("public property search in the browser", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
    await seed(e2e);
  });
  afterAll(() => e2e?.close());

  const open = async (path: string) => {
    const page = await e2e.newPage();
    await page.addInitScript("window.__name = (f) => f");
    await page.goto(path);
    return page;
  };
  const headerSearch = (page: Page) => page.getByRole("searchbox", { name: "Search homes by ZIP code" });
  const hasFocus = (page: Page) => headerSearch(page).evaluate((el) => el === document.activeElement);

  it("finds a property from the header search and pages through its photos, wrapping at both ends", async () => {
    const page = await open("/");
    await headerSearch(page).waitFor();
    expect(await hasFocus(page)).toBe(false);
    await page.keyboard.press("Control+/");
    expect(await hasFocus(page)).toBe(true);
    await page.keyboard.type("78701");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/properties");
    expect(new URL(page.url()).search).toBe("?zipCode=78701");

    const results = page.getByRole("region", { name: /within 25 miles of 78701/ });
    await results.waitFor();
    const cards = results.getByRole("article");
    expect(await cards.count()).toBe(2);
    const first = cards.first();
    expect(await first.getByRole("heading").textContent()).toBe("Congress Lofts");
    expect(await first.textContent()).toMatch(/0\.\d miles away/);
    expect(await first.textContent()).toContain("Multifamily Apartment");
    expect(await first.textContent()).toContain("100 Congress Avenue, Austin, Texas 78701");
    expect(await results.textContent()).not.toContain("Hidden Haven");
    expect(await page.getByLabel("ZIP code", { exact: true }).inputValue()).toBe("78701");

    await first.getByRole("link", { name: "Congress Lofts" }).click();
    await page.waitForURL("**/properties/congress-lofts-e2e");
    await page.getByRole("heading", { level: 1, name: "Congress Lofts" }).waitFor();
    const carousel = page.getByRole("region", { name: "Photos of Congress Lofts" });
    const position = carousel.getByText(/^Image \d of 3$/);
    await position.waitFor();
    expect(await position.textContent()).toBe("Image 1 of 3");
    const photo = carousel.getByRole("img", { name: "Congress Lofts (1 of 3)" });
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(300);

    await carousel.getByRole("button", { name: "Previous image" }).click();
    expect(await position.textContent()).toBe("Image 3 of 3");
    await carousel.getByRole("button", { name: "Next image" }).click();
    expect(await position.textContent()).toBe("Image 1 of 3");
    // The arrow keys move it while one of its controls has focus, and wrap too.
    await page.keyboard.press("ArrowLeft");
    expect(await position.textContent()).toBe("Image 3 of 3");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await position.textContent()).toBe("Image 2 of 3");
    await carousel.getByRole("img", { name: "Congress Lofts (2 of 3)" }).waitFor();
  });

  it("says when a property has no photos, or does not exist, or is not shown online", async () => {
    const page = await open("/properties/quiet-court-e2e");
    await page.getByRole("heading", { level: 1, name: "Quiet Court" }).waitFor();
    await page.getByText(publicPropertyMessages.noImages).waitFor();

    for (const slug of ["no-such-place", "hidden-haven-e2e"]) {
      await page.goto(`/properties/${slug}`);
      await page.getByRole("heading", { level: 1, name: publicPropertyMessages.propertyNotFound }).waitFor();
    }
  });

  it("focuses the search with Cmd+K too, refuses a malformed ZIP and says when nothing is near", async () => {
    const page = await open("/login");
    await headerSearch(page).waitFor();
    await page.keyboard.press("Meta+k");
    expect(await hasFocus(page)).toBe(true);
    await page.keyboard.type("7870");
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: publicPropertyMessages.badZipcode }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");

    await headerSearch(page).fill("99501");
    await headerSearch(page).press("Enter");
    await page.getByText(publicPropertyMessages.noProperties).waitFor();
    // Nothing near: the areas that do have homes are offered instead, and one click searches there.
    const areas = page.getByRole("navigation", { name: "Areas with homes" });
    await areas.getByRole("link", { name: /78701 · 2 homes/ }).click();
    await page.getByRole("heading", { level: 3, name: "Congress Lofts" }).waitFor();
    expect(new URL(page.url()).search).toBe("?zipCode=78701");

    // The page's own form: a malformed zipCode in the URL is pointed out, a corrected one searches.
    await page.goto("/properties?zipCode=78x01");
    const field = page.getByLabel("ZIP code", { exact: true });
    await page.getByText(publicPropertyMessages.badZipcode).waitFor();
    await hydrated(field);
    await field.fill("78701");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("heading", { level: 3, name: "Congress Lofts" }).waitFor();
    expect(new URL(page.url()).search).toBe("?zipCode=78701");
  });

  it("names each page in the browser tab; a route change moves focus to the page's heading and announces it", async () => {
    const page = await open("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe("Property management · Keyholder");
    // A first load is announced by the browser itself: focus stays at the top of the page.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    const isFocused = (name: string) =>
      page.getByRole("heading", { level: 1, name }).evaluate((el) => el === document.activeElement);
    const announced = (text: string) => page.getByRole("status").filter({ hasText: text }).waitFor();

    await headerSearch(page).fill("78701");
    await headerSearch(page).press("Enter");
    await expect.poll(() => isFocused("Find homes")).toBe(true);
    await expect.poll(() => page.title()).toBe("Homes near 78701 · Keyholder");
    await announced("Homes near 78701 · Keyholder");

    await page.getByRole("link", { name: "Congress Lofts" }).click();
    await expect.poll(() => isFocused("Congress Lofts")).toBe(true);
    await expect.poll(() => page.title()).toBe("Congress Lofts · Keyholder");
    await announced("Congress Lofts · Keyholder");

    await page.goBack();
    await expect.poll(() => isFocused("Find homes")).toBe(true);
    await expect.poll(() => page.title()).toBe("Homes near 78701 · Keyholder");

    for (const [path, title] of [
      ["/properties", "Find homes · Keyholder"],
      ["/properties/no-such-place", `${publicPropertyMessages.propertyNotFound} · Keyholder`],
      ["/waitlist", "You're on the waitlist · Keyholder"],
      ["/no/such/page", "Page not found · Keyholder"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe(title);
    }
  });

  it("searches near the visitor's location through our own nearest-ZIP lookup", async () => {
    const page = await open("/properties");
    await page.context().grantPermissions(["geolocation"]);
    await page.context().setGeolocation({ latitude: 30.2705, longitude: -97.742 });
    await page.getByRole("button", { name: "Use my location" }).click();
    await page.waitForURL((url) => url.search === "?zipCode=78701");
    await page.getByRole("heading", { level: 3, name: "Congress Lofts" }).waitFor();

    const denied = await open("/properties");
    await denied.context().clearPermissions();
    await denied.getByRole("button", { name: "Use my location" }).click();
    await denied.getByRole("alert").filter({ hasText: publicPropertyMessages.locationDenied }).waitFor();
  });
});
