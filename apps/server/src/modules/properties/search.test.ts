import { propertySearchResponseSchema } from "@keyholder/contracts/property-search";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem, type Tx, withOrg } from "../../db/client.ts";
import { properties } from "../../db/schema/index.ts";

describe("GET /api/v1/properties/search", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const cookies: Record<string, string> = {};
  const orgIds: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ["alpha", "bravo"]) {
      const org = await signedInOrganization(t, name, { scale: 300, seed: name === "alpha" ? 1 : 2 });
      cookies[name] = org.cookie;
      orgIds[name] = org.orgId;
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

  it("matches in the database only within the transaction's organization, and nothing without one", async () => {
    // properties_matching runs as the tables' owner so it can use the trigram indexes; its own
    // organization filter is all that confines it, so check it directly as the request role.
    const matching = (orgId: string | null) =>
      (orgId ? (fn: (tx: Tx) => Promise<unknown>) => withOrg(t.db, { orgId }, fn) : asRequestRoleWithoutOrg)(
        async (tx) =>
          (
            (await tx.execute(sql`select properties_matching('%', 1000) as id`)) as unknown as {
              rows: { id: string }[];
            }
          ).rows.map((r) => r.id),
      ) as Promise<string[]>;
    const own = (orgId: string) =>
      asSystem(t.db, async (tx) =>
        (await tx.select({ id: properties.id }).from(properties).where(eq(properties.organizationId, orgId))).map(
          (p) => p.id,
        ),
      );
    const alphaId = orgIds.alpha ?? "";
    expect((await matching(alphaId)).sort()).toEqual((await own(alphaId)).sort());
    expect(await matching(null)).toEqual([]);
  });

  const asRequestRoleWithoutOrg = (fn: (tx: Tx) => Promise<unknown>) =>
    asSystem(t.db, async (tx) => {
      await tx.execute(sql`set local role keyholder_app`);
      return fn(tx);
    });
});
