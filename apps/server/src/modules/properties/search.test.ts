import { propertySearchResponseSchema } from "@keyholder/contracts/property-search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";

describe("GET /api/v1/properties/search", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ["alpha", "bravo"]) {
      cookies[name] = (await signedInOrganization(t, name, { scale: 300, seed: name === "alpha" ? 1 : 2 })).cookie;
    }
  });
  afterAll(() => t.close());

  const search = (org: string, query: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/v1/properties/search?query=${encodeURIComponent(query)}`,
      cookies: { kh_session: cookies[org] ?? "" },
    });

  it("finds the organization's properties by part of the name or address, name and address included", async () => {
    const all = propertySearchResponseSchema.parse((await search("alpha", "a")).json()).properties;
    expect(all.length).toBeGreaterThan(0);
    const sample = all[0];
    const street = sample?.address?.address_line_1.split(" ").slice(1).join(" ") ?? "";
    const byStreet = propertySearchResponseSchema.parse(
      (await search("alpha", street.toUpperCase())).json(),
    ).properties;
    expect(byStreet.length).toBeGreaterThan(0);
    expect(byStreet.every((p) => p.address?.address_line_1.includes(street) || p.name.includes(street))).toBe(true);
    const byName = propertySearchResponseSchema.parse((await search("alpha", sample?.name.slice(2, 9) ?? "")).json());
    expect(byName.properties.map((p) => p.id)).toContain(
      byName.properties.find((p) => p.name === sample?.name)?.id ?? "missing",
    );
    expect(byName.properties.length).toBeLessThanOrEqual(10);
  });

  it("never returns another organization's properties", async () => {
    const alpha = propertySearchResponseSchema.parse((await search("alpha", "e")).json()).properties;
    const bravo = propertySearchResponseSchema.parse((await search("bravo", "e")).json()).properties;
    const alphaIds = new Set(alpha.map((p) => p.id));
    expect(bravo.some((p) => alphaIds.has(p.id))).toBe(false);
  });

  it("treats % and _ literally and refuses blank text or a signed-out caller", async () => {
    expect((await search("alpha", "%")).json().properties).toEqual([]);
    const blank = await search("alpha", "   ");
    expect(blank.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/properties/search?query=a" });
    expect(anonymous.statusCode).toBe(401);
  });
});
