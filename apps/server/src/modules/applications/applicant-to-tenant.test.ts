import { applicantTenantSchema, applicationMessages } from "@keyholder/contracts/applications";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;

/** Issue 27 item 11: an approved applicant becomes a tenant once, with what their lease starts from. */
describe("an approved applicant becomes a tenant", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  let bravo: Org;
  const apps: Record<string, string> = {};
  let unit: { id: number; number: string };
  let property: { id: string; name: string };
  const send = apiSender(
    () => t.app,
    () => alpha,
  );
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await asSystem(t.db, (tx) => tx.execute(query))) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Tenant Maker");
    bravo = await signedInOrganization(t, "Other Maker");
    [property = { id: "", name: "" }] = await rows<{ id: string; name: string }>(sql`
      insert into properties (organization_id, name, property_type_id)
      values (${alpha.orgId}, 'Lease Gardens', (select min(id) from property_types)) returning id, name`);
    const [u] = await rows<{ unit_id: number; unit_number: string }>(sql`
      insert into units (organization_id, property_id, unit_number) values (${alpha.orgId}, ${property.id}, 'G-7')
      returning unit_id, unit_number`);
    unit = { id: Number(u?.unit_id), number: String(u?.unit_number) };
    for (const [key, status] of [
      ["approved", "approved"],
      ["reviewing", "reviewing"],
    ] as const) {
      const [row] = await rows<{ id: string }>(sql`
        insert into applications (organization_id, property_id, property_name, unit_id, unit_number, full_name, email, phone,
          move_in_date, status, submitted_at)
        values (${alpha.orgId}, ${property.id}, ${property.name}, ${unit.id}, ${unit.number}, 'Ana María de la Cruz',
          ${`${key}@example.com`}, '(512) 555-0107', '2026-12-15', ${status}, now())
        returning id`);
      apps[key] = String(row?.id);
    }
  });
  afterAll(() => t.close());

  it("makes the tenant from the application, with the lease's property, unit and start", async () => {
    const res = await send("POST", `/applicants/${apps.approved}/tenant`);
    expect(res.statusCode, res.body).toBe(201);
    const made = applicantTenantSchema.parse(res.json());
    expect(made.tenant).toMatchObject({
      name: "Ana María de la Cruz",
      email: "approved@example.com",
      phone: "(512) 555-0107",
    });
    expect(made.lease).toEqual({
      application_id: apps.approved,
      property_id: property.id,
      property_name: "Lease Gardens",
      unit_id: unit.id,
      unit_number: "G-7",
      floor_plan_id: null,
      floor_plan_name: null,
      start_date: "2026-12-15",
    });
    const [stored] = await rows<{ first_name: string; last_name: string; status: string }>(
      sql`select first_name, last_name, status from tenants where id = ${made.tenant.id}`,
    );
    expect(stored).toEqual({ first_name: "Ana", last_name: "María de la Cruz", status: "none" });
  });

  it("answers the same tenant when asked again, making no second one", async () => {
    const first = applicantTenantSchema.parse((await send("POST", `/applicants/${apps.approved}/tenant`)).json());
    const again = await send("POST", `/applicants/${apps.approved}/tenant`);
    expect(again.statusCode).toBe(200);
    expect(applicantTenantSchema.parse(again.json())).toEqual({ ...first, created: false });
    const [n] = await rows<{ n: number }>(
      sql`select count(*)::int as n from tenants where organization_id = ${alpha.orgId} and email = 'approved@example.com'`,
    );
    expect(n?.n).toBe(1);
  });

  it("offers the new tenant in the tenant dropdown, with their email, to their organization only", async () => {
    const made = applicantTenantSchema.parse((await send("POST", `/applicants/${apps.approved}/tenant`)).json());
    const page = (await send("GET", "/tenants/get-id-name?search-term=mar%C3%ADa")).json();
    expect(page.data).toEqual([{ id: made.tenant.id, value: "Ana María de la Cruz <approved@example.com>" }]);
    const other = (await send("GET", "/tenants/get-id-name?search-term=mar%C3%ADa", { org: bravo })).json();
    expect(other.data).toEqual([]);
  });

  it("refuses an application not approved, and another organization's", async () => {
    const early = await send("POST", `/applicants/${apps.reviewing}/tenant`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(applicationMessages.approveFirst);
    const other = await send("POST", `/applicants/${apps.approved}/tenant`, { org: bravo });
    expect(other.statusCode).toBe(404);
  });
});
