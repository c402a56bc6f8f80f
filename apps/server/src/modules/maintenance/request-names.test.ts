import {
  type MaintenanceFormInput,
  maintenanceListSchema,
  maintenanceResponseSchema,
  maintenanceRowSchema,
} from "@keyholder/contracts/maintenance";
import { vendorResponseSchema } from "@keyholder/contracts/vendors";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestValuesDrift } from "../../../test/grid-values-drift.ts";
import { apiSender, createTestApp, signedInOrganization, signedInUser } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";

type Org = Awaited<ReturnType<typeof signedInOrganization>>;

/**
 * The names a request keeps for the grid (decision 034, "Speed"): whatever is renamed (property,
 * unit, tenant, vendor, staff member), the request's row shows the new name, sorts by it and is
 * found by it, and the grid's dictionary stays exact.
 */
describe("maintenance requests keep the names they show, through renames", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let alpha: Org;
  const send = apiSender<Org>(
    () => t.app,
    () => alpha,
  );
  const run = (query: SQL) =>
    asSystem(t.db, async (tx) => ((await tx.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows);
  const list = async (query: Record<string, string>) => {
    const res = await send("GET", `/maintenance-requests?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return maintenanceListSchema.parse(res.json());
  };
  const titlesBy = async (sortBy: string, direction = "asc") =>
    (await list({ sort_by: sortBy, sort_direction: direction })).requests.map((r) => r.title);
  const found = async (column: string, text: string) => {
    const page = await list({ filters: JSON.stringify({ [column]: text }) });
    return { titles: page.requests.map((r) => r.title).sort(), total: page.total_count };
  };

  let oak = "";
  let pine = "";
  let oakUnit = 0;
  let maria = "";
  let vendor = "";
  let staffId = 0;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    alpha = await signedInOrganization(t, "Request Names");
    const property = async (name: string) => {
      const res = await send("POST", "/properties/with-address", {
        payload: {
          name,
          property_type_id: 1,
          address: { address_line_1: "9 Elm St", city: "Austin", state_code: "TX", zipcode: "78702" },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().property.id as string;
    };
    oak = await property("Oak Court");
    pine = await property("Pine Court");
    const [unit] = await run(sql`insert into units (organization_id, property_id, unit_number)
      values (${alpha.orgId}, ${oak}, '101') returning unit_id`);
    oakUnit = Number(unit?.unit_id);
    const [tenant] = await run(sql`insert into tenants (organization_id, name, first_name, last_name)
      values (${alpha.orgId}, 'Maria Lopez', 'Maria', 'Lopez') returning id`);
    maria = String(tenant?.id);
    const v = await send("POST", "/vendors", {
      payload: { name: "Rapid Rooter", trades: ["plumbing"], email: "rooter@example.com" },
    });
    expect(v.statusCode, v.body).toBe(201);
    vendor = vendorResponseSchema.parse(v.json()).vendor.id;
    staffId = (
      await signedInUser(t, alpha, { username: "names-staff", role: "STAFF", password: "Names-Tests-Pass-1!" })
    ).id;

    const create = async (title: string, o: Partial<MaintenanceFormInput>) => {
      const res = await send("POST", "/maintenance-requests", {
        payload: { category: "plumbing", priority: "normal", title, channel: "phone", ...o },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[title] = maintenanceResponseSchema.parse(res.json()).request.id;
    };
    await create("Oak leak", { property_id: oak, unit_id: oakUnit, tenant_id: maria });
    await create("Pine leak", { property_id: pine });
    for (const [title, payload] of [
      ["Oak leak", { vendor_id: vendor }],
      ["Pine leak", { assigned_user_id: staffId }],
    ] as const) {
      const res = await send("POST", `/maintenance-requests/${ids[title]}/assignment`, { payload });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  it("shows, sorts by and finds the names of what a request refers to", async () => {
    const [oakRow] = (await found("title", "Oak leak")).titles;
    expect(oakRow).toBe("Oak leak");
    const page = await list({ sort_by: "r.property_name", sort_direction: "asc" });
    expect(
      page.requests.map((r) => [r.title, r.property_name, r.location_name, r.tenant_name, r.assigned_to_name]),
    ).toEqual([
      ["Oak leak", "Oak Court", "101", "Maria Lopez", "Rapid Rooter"],
      ["Pine leak", "Pine Court", null, null, "names-staff"],
    ]);
    expect(await found("assigned_to_name", "rooter")).toEqual({ titles: ["Oak leak"], total: 1 });
    expect(await found("property_name", "court")).toEqual({ titles: ["Oak leak", "Pine leak"], total: 2 });
  });

  it("follows a renamed property, unit, tenant, vendor and staff member, whoever renames them", async () => {
    await run(sql`update properties set name = 'Zephyr Court' where organization_id = ${alpha.orgId} and id = ${oak}`);
    await run(
      sql`update units set unit_number = '101B' where organization_id = ${alpha.orgId} and unit_id = ${oakUnit}`,
    );
    await run(
      sql`update tenants set name = 'Maria Lopez-Diaz' where organization_id = ${alpha.orgId} and id = ${maria}`,
    );
    await run(sql`update vendors set name = 'Acme Drains' where organization_id = ${alpha.orgId} and id = ${vendor}`);
    // The staff member gets a person (a user renamed), whose preferred name is then set (a person renamed).
    const [person] = await run(sql`insert into persons (organization_id, first_name, last_name, email)
      values (${alpha.orgId}, 'Zoe', 'Quinn', 'zoe@example.com') returning id`);
    await run(
      sql`update users set person_id = ${person?.id} where organization_id = ${alpha.orgId} and id = ${staffId}`,
    );
    expect((await found("assigned_to_name", "quinn")).total).toBe(1);
    await run(
      sql`update persons set preferred_name = 'Zoe Staff' where organization_id = ${alpha.orgId} and id = ${person?.id}`,
    );

    const read = await send("GET", `/maintenance-requests/${ids["Oak leak"]}`);
    expect(maintenanceRowSchema.parse(read.json())).toMatchObject({
      property_name: "Zephyr Court",
      location_name: "101B",
      unit_name: "101B",
      tenant_name: "Maria Lopez-Diaz",
      assigned_to_name: "Acme Drains",
      vendor_name: "Acme Drains",
    });
    const page = await list({ sort_by: "r.property_name", sort_direction: "asc" });
    expect(page.requests.map((r) => [r.title, r.property_name, r.assigned_to_name])).toEqual([
      ["Pine leak", "Pine Court", "Zoe Staff"],
      ["Oak leak", "Zephyr Court", "Acme Drains"],
    ]);
    expect(await titlesBy("r.assigned_to_name")).toEqual(["Oak leak", "Pine leak"]);
    expect(await titlesBy("r.tenant_name")).toEqual(["Oak leak", "Pine leak"]);
    expect(await found("property_name", "zephyr")).toEqual({ titles: ["Oak leak"], total: 1 });
    expect(await found("property_name", "oak")).toEqual({ titles: [], total: 0 });
    expect(await found("tenant_name", "diaz")).toEqual({ titles: ["Oak leak"], total: 1 });
    expect(await found("assigned_to_name", "zoe")).toEqual({ titles: ["Pine leak"], total: 1 });
    expect(await found("location_name", "101b")).toEqual({ titles: ["Oak leak"], total: 1 });
    expect(await run(requestValuesDrift)).toEqual([]);
  });

  it("takes the names of a new assignee and location, and shows none for a unit deleted until it is restored", async () => {
    const moved = await send("POST", `/maintenance-requests/${ids["Oak leak"]}/assignment`, {
      payload: { assigned_user_id: staffId },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().request.assigned_to_name).toBe("Zoe Staff");

    const [unit] = await run(
      sql`delete from units where organization_id = ${alpha.orgId} and unit_id = ${oakUnit} returning *`,
    );
    expect((await found("title", "Oak leak")).total).toBe(1);
    expect((await list({ filters: JSON.stringify({ title: "Oak leak" }) })).requests[0]?.location_name).toBeNull();
    await run(sql`insert into units (organization_id, property_id, unit_id, unit_number)
      values (${alpha.orgId}, ${oak}, ${oakUnit}, ${String(unit?.unit_number)})`);
    expect((await list({ filters: JSON.stringify({ title: "Oak leak" }) })).requests[0]?.location_name).toBe("101B");
    expect(await run(requestValuesDrift)).toEqual([]);
  });
});
