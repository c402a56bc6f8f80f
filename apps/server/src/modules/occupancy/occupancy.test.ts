import { addDays } from "@keyholder/contracts/civil-date";
import { errorMessages } from "@keyholder/contracts/errors";
import { unitMessages } from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSender, createTestApp, signedInOrganization } from "../../../test/test-app.ts";
import { asSystem } from "../../db/client.ts";
import { occupancySchedule } from "./occupancy-schedule.ts";

/**
 * Issue 27 item 12: a unit is occupied on a day when a moved-in lease holds it; the building and
 * property counters and everything reading the flag follow; units without lease history keep
 * their manual flag; the daily refresh applies the starts and ends of later days, catching up
 * after downtime.
 */
describe("occupancy follows leases", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let org: Awaited<ReturnType<typeof signedInOrganization>>;
  let propertyId: string;
  let tenantId: string;
  let today: string;
  const api = apiSender(
    () => t.app,
    () => org,
  );
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await asSystem(t.db, (tx) => tx.execute(query))) as unknown as { rows: T[] }).rows;

  /** A new vacant unit of the property (manual flag as given). */
  async function unit(number: string, occupied = false) {
    const [row] = await rows<{ unit_id: number }>(sql`
      insert into units (organization_id, property_id, unit_number, occupied)
      values (${org.orgId}, ${propertyId}, ${number}, ${occupied}) returning unit_id`);
    return Number(row?.unit_id);
  }

  /** A lease holding the unit from `starts` to `ends` (null: open), with the status given. */
  async function lease(unitId: number, status: string, starts: string, ends: string | null) {
    const [row] = await rows<{ id: string }>(sql`
      insert into leases (organization_id, property_id, status, term, start_date, end_date)
      values (${org.orgId}, ${propertyId}, ${status}, ${ends ? "fixed" : "month_to_month"}, ${starts}, ${ends})
      returning id`);
    const id = String(row?.id);
    await rows(sql`insert into lease_parties (organization_id, lease_id, tenant_id, property_id, role)
      values (${org.orgId}, ${id}, ${tenantId}, ${propertyId}, 'primary')`);
    await rows(sql`insert into lease_units (organization_id, lease_id, property_id, unit_id, starts_on, ends_on)
      values (${org.orgId}, ${id}, ${propertyId}, ${unitId}, ${starts}, ${ends})`);
    return id;
  }

  const occupied = async (unitId: number) =>
    (await rows<{ occupied: boolean }>(sql`select occupied from units where unit_id = ${unitId}`))[0]?.occupied;
  const counters = async () =>
    (
      await rows<{ total: number; occupied: number; units_total: number; units_occupied: number }>(sql`
        select p.total_units as total, p.occupied_units as occupied,
          (select count(*)::int from units u where u.organization_id = p.organization_id and u.property_id = p.id) as units_total,
          (select count(*)::int from units u where u.organization_id = p.organization_id and u.property_id = p.id and u.occupied) as units_occupied
        from properties p where p.id = ${propertyId}`)
    )[0];
  /** The daily refresh, as a server whose clock reads noon of `day` in the organization's zone. */
  const refreshOn = (day: string) =>
    asSystem(t.db, (tx) => occupancySchedule.run(tx, new Date(`${day}T12:00:00-05:00`)));

  beforeAll(async () => {
    t = await createTestApp();
    org = await signedInOrganization(t, "Occupancy Homes");
    await rows(sql`update organizations set time_zone = 'America/New_York' where id = ${org.orgId}`);
    const [property] = await rows<{ id: string }>(sql`
      insert into properties (organization_id, name, property_type_id)
      values (${org.orgId}, 'Follow Court', (select min(id) from property_types)) returning id`);
    propertyId = String(property?.id);
    const [tenant] = await rows<{ id: string }>(sql`
      insert into tenants (organization_id, name) values (${org.orgId}, 'Robin Lessee') returning id`);
    tenantId = String(tenant?.id);
    [{ today } = { today: "" }] = await rows<{ today: string }>(
      sql`select (now() at time zone 'America/New_York')::date::text as today`,
    );
  });
  afterAll(() => t.close());

  it("marks a unit occupied when a moved-in lease holds it today, and the property's counters follow", async () => {
    const id = await unit("F-101");
    await lease(id, "active", addDays(today, -30), addDays(today, 300));
    expect(await occupied(id)).toBe(true);
    const c = await counters();
    expect(c?.occupied).toBe(c?.units_occupied);
    expect(c?.total).toBe(c?.units_total);
  });

  it("leaves a unit vacant under a lease not yet moved in, and occupies it at move-in", async () => {
    const id = await unit("F-102");
    const leaseId = await lease(id, "pending", today, addDays(today, 364));
    expect(await occupied(id)).toBe(false);
    await rows(sql`update leases set status = 'active' where id = ${leaseId}`);
    expect(await occupied(id)).toBe(true);
    await rows(sql`update leases set status = 'ended' where id = ${leaseId}`);
    expect(await occupied(id)).toBe(false);
  });

  it("keeps the manual flag of a unit with no lease history", async () => {
    const id = await unit("F-103", true);
    await refreshOn(addDays(today, 1));
    expect(await occupied(id)).toBe(true);
  });

  it("vacates a unit when its lease is canceled (it no longer holds it)", async () => {
    const id = await unit("F-104");
    const leaseId = await lease(id, "active", addDays(today, -10), null);
    expect(await occupied(id)).toBe(true);
    await rows(sql`update lease_units set holds = false where lease_id = ${leaseId}`);
    expect(await occupied(id)).toBe(false);
  });

  it("applies later days' starts and ends on those days, and catches up every day missed", async () => {
    const ending = await unit("F-105");
    await lease(ending, "notice", addDays(today, -200), addDays(today, 10));
    const starting = await unit("F-106");
    await lease(starting, "active", addDays(today, 5), addDays(today, 370));
    expect([await occupied(ending), await occupied(starting)]).toEqual([true, false]);

    await refreshOn(today);
    await refreshOn(addDays(today, 4));
    expect([await occupied(ending), await occupied(starting)]).toEqual([true, false]);
    await refreshOn(addDays(today, 5));
    expect([await occupied(ending), await occupied(starting)]).toEqual([true, true]);
    // No server for 40 days: the first tick applies the end on day 10 it missed.
    await refreshOn(addDays(today, 45));
    expect([await occupied(ending), await occupied(starting)]).toEqual([false, true]);
    const c = await counters();
    expect(c?.occupied).toBe(c?.units_occupied);
  });

  it("refuses a typed status or a move to another property for a unit with leases", async () => {
    const id = await unit("F-107");
    await lease(id, "active", addDays(today, -1), null);
    const [u] = await rows<Record<string, unknown>>(sql`
      select unit_number, property_id, building_id, floor_plan_id, number_of_bedrooms, number_of_bathrooms,
        square_footage, date_available from units where unit_id = ${id}`);
    const form = { ...u, occupied: false };
    const res = await api("PUT", `/units/${id}`, { payload: form });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ occupied: [unitMessages.occupancyFollowsLeases] });
    expect(await occupied(id)).toBe(true);

    const [other] = await rows<{ id: string }>(sql`
      insert into properties (organization_id, name, property_type_id)
      values (${org.orgId}, 'Elsewhere Flats', (select min(id) from property_types)) returning id`);
    const moved = await api("PUT", `/units/${id}`, { payload: { ...u, occupied: true, property_id: other?.id } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields).toEqual({ property_id: [unitMessages.leasedUnitStays] });

    // A unit without leases still takes its typed status.
    const free = await unit("F-108");
    const ok = await api("PUT", `/units/${free}`, { payload: { ...u, unit_number: "F-108", occupied: true } });
    expect(ok.statusCode).toBe(200);
    expect(await occupied(free)).toBe(true);
  });

  it("keeps a unit or property a lease names: deleting it answers 409 and deletes nothing", async () => {
    const id = await unit("F-109");
    await lease(id, "ended", addDays(today, -400), addDays(today, -35));
    const res = await api("DELETE", `/units/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(errorMessages.hasLeases);
    expect(await rows(sql`select unit_id from units where unit_id = ${id}`)).toHaveLength(1);
    const property = await api("DELETE", `/properties/${propertyId}`);
    expect(property.statusCode).toBe(409);
    expect(await rows(sql`select id from properties where id = ${propertyId}`)).toHaveLength(1);
  });
});
