import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApprovedOrganization } from "../../apps/server/src/modules/demo/create-organization.ts";
import { type E2e, hasChromium, hydrated, startE2e } from "./harness.ts";

const SLUG = "birch-court-meta";

/** Every public page: what a search engine or a link preview fetches, and what it must describe. */
const PAGES = [
  "/",
  "/properties",
  "/properties?zipCode=78701",
  `/properties/${SLUG}`,
  `/properties/${SLUG}/apply`,
  "/properties/no-such-listing",
  "/login",
  "/sign-up",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/terms",
  "/waitlist",
  "/staff-onboarding?invite=not-a-real-invite",
  "/verify-email?token=not-a-real-token",
  "/no-such-page",
];

const descriptionOf = (html: string) =>
  /<meta name="description" content="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;

describe.skipIf(!hasChromium)("every public page describes itself", () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
    const org = await createApprovedOrganization(e2e.app.db, {
      name: "Birch Homes",
      email: "owner@birch.example",
      password: "Birch-Homes-Owner-1!",
      firstName: "Bea",
      lastName: "Owner",
    });
    await e2e.app.asSystem(async (tx) => {
      await tx.execute(sql`with a as (
          insert into addresses (organization_id, address_line_1, city, state_id, zipcode, latitude, longitude)
          values (${org.orgId}, '7 Birch Lane', 'Austin', (select id from us_states where state_code = 'TX'), '78701',
            30.2711, -97.7437) returning id),
        p as (insert into properties (organization_id, name, property_type_id, address_id, property_slug, show_property_online)
          select ${org.orgId}, 'Birch Court', (select id from property_types where code = 'MFH'), a.id, ${SLUG}, true
          from a returning id)
        insert into units (organization_id, property_id, unit_number) select ${org.orgId}, p.id, '1A' from p`);
    });
  });
  afterAll(() => e2e?.close());

  it("has its own description in the HTML the server sends, the apply page included", async () => {
    const found: Record<string, string | null> = {};
    for (const path of PAGES) {
      const html = await (await fetch(e2e.url(path))).text();
      found[path] = descriptionOf(html);
    }
    const missing = PAGES.filter((p) => !found[p]);
    expect(missing, "pages without a description").toEqual([]);
    // Each its own: no two pages share one.
    const shared = PAGES.filter((p) => PAGES.some((q) => q !== p && found[q] === found[p]));
    expect(shared, "pages sharing a description").toEqual([]);
    expect(found[`/properties/${SLUG}/apply`]).toContain("Birch Court");
    expect(found[`/properties/${SLUG}/apply`]).toMatch(/^Apply/);
  });

  it("keeps the description in step with the page as a visitor moves between them in the browser", async () => {
    const page = await e2e.newPage();
    const description = () =>
      page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null);
    await page.goto(`/properties/${SLUG}`);
    const apply = page.getByRole("link", { name: "Apply now" });
    await hydrated(apply);
    const onListing = await description();
    expect(onListing).toContain("Birch Court");
    await apply.click();
    await page.waitForURL(`**/properties/${SLUG}/apply`);
    await expect.poll(description).toMatch(/^Apply to Birch Court/);
    await page.getByRole("link", { name: "← Back to Birch Court" }).click();
    await page.waitForURL(`**/properties/${SLUG}`);
    await expect.poll(description).toBe(onListing);
    await page.getByRole("link", { name: "Log in" }).first().click();
    await page.waitForURL("**/login");
    const html = await (await fetch(e2e.url("/login"))).text();
    await expect.poll(description).toBe(descriptionOf(html));
  });
});
