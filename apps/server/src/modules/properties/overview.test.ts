import { propertyOverviewSchema } from "@keyholder/contracts/property-overview";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { properties } from "../../db/schema/index.ts";

describe("GET /api/v1/properties/{id}/overview", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Awaited<ReturnType<typeof signedInOrganization>>;
  let bravo: Awaited<ReturnType<typeof signedInOrganization>>;
  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "alpha", { scale: 200, seed: 7 });
    bravo = await signedInOrganization(t, "bravo", { scale: 100, seed: 8 });
  });
  afterAll(() => t.close());

  const overview = (id: string, cookie = alpha.cookie) =>
    t.app.inject({ method: "GET", url: `/api/v1/properties/${id}/overview`, cookies: { kh_session: cookie } });

  const firstProperty = (orgId: string) =>
    asSystem(t.db, async (tx) => {
      const [p] = await tx
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.organizationId, orgId))
        .limit(1);
      if (!p) throw new Error("fixture has no property");
      return p.id;
    });

  it("shows the property's address, lot, parking, type, units, floor plans and year built", async () => {
    const id = await firstProperty(alpha.orgId);
    const res = await overview(id);
    expect(res.statusCode).toBe(200);
    const { basic } = propertyOverviewSchema.parse(res.json());
    const [expected] = (
      (await asSystem(t.db, (tx) =>
        tx.execute(sql`
          select p.name, a.address_line_1, a.city, a.zipcode, p.year_built, pt.name as type,
            (select count(*)::int from units u where u.organization_id = p.organization_id and u.property_id = p.id) as units,
            (select count(*)::int from floor_plans f where f.organization_id = p.organization_id and f.property_id = p.id) as plans
          from properties p join property_types pt on pt.id = p.property_type_id
          join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
          where p.id = ${id}`),
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    expect(basic).toMatchObject({
      name: expected?.name,
      address_line_1: expected?.address_line_1,
      city: expected?.city,
      zipcode: expected?.zipcode,
      year_built: expected?.year_built,
      type: expected?.type,
      unit_count: expected?.units,
      unique_floorplans: expected?.plans,
    });
    expect(basic.unit_count).toBeGreaterThan(0);
    expect(basic.unique_floorplans).toBeGreaterThan(0);
    expect(basic.latitude).toEqual(expect.any(Number));
    expect(basic.state).toEqual(expect.any(String));
  });

  it("answers 404 for another organization's property, 400 for a malformed id, 401 when signed out", async () => {
    const theirs = await firstProperty(bravo.orgId);
    const res = await overview(theirs);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Property not found");
    expect((await overview("not-a-uuid")).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: "GET", url: `/api/v1/properties/${theirs}/overview` });
    expect(anonymous.statusCode).toBe(401);
  });
});
