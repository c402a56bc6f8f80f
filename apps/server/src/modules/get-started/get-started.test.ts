import { getStartedSchema } from "@keyholder/contracts/get-started";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

describe("GET /api/v1/get-started", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let busy: Awaited<ReturnType<typeof signedInOrganization>>;
  let fresh: Awaited<ReturnType<typeof signedInOrganization>>;
  beforeAll(async () => {
    t = await createTestApp();
    busy = await signedInOrganization(t, "busy", { scale: 60, seed: 3 });
    fresh = await signedInOrganization(t, "fresh");
  });
  afterAll(() => t.close());

  const getStarted = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/v1/get-started", cookies: cookie ? { kh_session: cookie } : {} });

  /** The organization's rows counted directly, outside row-level security. */
  const countsOf = async (orgId: string) => {
    const result = (await asSystem(t.db, (tx) =>
      tx.execute(sql`
        select
          (select count(*)::int from properties where organization_id = ${orgId}) as properties,
          (select count(*)::int from buildings where organization_id = ${orgId}) as buildings,
          (select count(*)::int from units where organization_id = ${orgId}) as units,
          (select count(*)::int from staff where organization_id = ${orgId}) as staff,
          (select count(*)::int from properties
            where organization_id = ${orgId} and show_property_online and is_active) as properties_online`),
    )) as unknown as { rows: Record<string, number>[] };
    return result.rows[0];
  };

  it("counts the organization's own properties, buildings, units, staff and properties online", async () => {
    const res = await getStarted(busy.cookie);
    expect(res.statusCode).toBe(200);
    const body = getStartedSchema.parse(res.json());
    expect(body).toEqual(await countsOf(busy.orgId));
    expect(body.properties).toBeGreaterThan(0);
    expect(body.buildings).toBeGreaterThan(0);
    expect(body.units).toBeGreaterThan(0);
    expect(body.staff).toBeGreaterThan(0);
  });

  it("counts none of another organization's rows: a new organization starts at zero", async () => {
    const res = await getStarted(fresh.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ properties: 0, buildings: 0, units: 0, staff: 0, properties_online: 0 });
  });

  it("counts a property as online only while it is shown online and active", async () => {
    const [property] = (
      (await asSystem(t.db, (tx) =>
        tx.execute(sql`
          insert into properties (organization_id, name, property_type_id, show_property_online)
          values (${fresh.orgId}, 'Harbor Court', (select id from property_types order by id limit 1), false)
          returning id`),
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    expect((await getStarted(fresh.cookie)).json()).toMatchObject({ properties: 1, properties_online: 0 });
    await asSystem(t.db, (tx) =>
      tx.execute(sql`update properties set show_property_online = true where id = ${property?.id}`),
    );
    expect((await getStarted(fresh.cookie)).json()).toMatchObject({ properties: 1, properties_online: 1 });
    await asSystem(t.db, (tx) => tx.execute(sql`update properties set is_active = false where id = ${property?.id}`));
    expect((await getStarted(fresh.cookie)).json()).toMatchObject({ properties: 1, properties_online: 0 });
    // The other organization's answer did not move.
    expect((await getStarted(busy.cookie)).json()).toEqual(await countsOf(busy.orgId));
  });

  it("answers 401 when signed out", async () => {
    const res = await getStarted();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBeTruthy();
  });
});
