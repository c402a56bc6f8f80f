import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { organizations, properties, propertyTypes } from "../../db/schema/index.ts";
import { createApprovedOrganization } from "../demo/create-organization.ts";

describe("robots.txt and the sitemap", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://homes.example.com" });
    const make = (name: string) =>
      createApprovedOrganization(t.db, {
        name,
        email: `${name.toLowerCase()}@example.com`,
        password: "Sitemap-Pass-123!",
        firstName: name,
        lastName: "Owner",
      });
    const listed = await make("Listed");
    const rejected = await make("Rejected");
    await asSystem(t.db, async (tx) => {
      const [type] = await tx.select({ id: propertyTypes.id }).from(propertyTypes).where(eq(propertyTypes.code, "MFH"));
      for (const [orgId, name, slug, online] of [
        [listed.orgId, "Oak & Elm", "oak-&-elm", true],
        [listed.orgId, "Birch Row", "birch-row", true],
        [listed.orgId, "Hidden Hollow", "hidden-hollow", false],
        [listed.orgId, "No Slug", null, true],
        [rejected.orgId, "Rejected Rise", "rejected-rise", true],
      ] as const) {
        await tx.insert(properties).values({
          organizationId: orgId,
          name,
          propertySlug: slug,
          showPropertyOnline: online,
          propertyTypeId: type?.id ?? 1,
        });
      }
      await tx.update(organizations).set({ waitlistStatus: "rejected" }).where(eq(organizations.id, rejected.orgId));
    });
  });
  afterAll(() => t.close());

  it("keeps crawlers to the public pages and points them at the sitemap", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toContain("Disallow: /workspace");
    expect(res.body).toContain("Disallow: /api/");
    expect(res.body).toContain("Sitemap: https://homes.example.com/sitemap.xml");
  });

  it("lists exactly the listed properties' pages, escaped, with when they changed", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      "https://homes.example.com/",
      "https://homes.example.com/properties",
      "https://homes.example.com/properties/birch-row",
      "https://homes.example.com/properties/oak-%26-elm",
    ]);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(res.body).not.toMatch(/hidden-hollow|rejected-rise/);
  });
});
