import { type LeaseCreateInput, leaseSchema, moveInResponseSchema } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import { afterAll, expect } from "vitest";
import { type LedgerOrg, ledgerApi, ledgerOrganization, systemRows } from "../src/modules/ledger/ledger-fixture.ts";
import { createTestApp } from "./test-app.ts";

/** Test fixtures of the leases' tests (leases, their lifecycle, their ledger, a tenant's leases). */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type LeaseTests = Awaited<ReturnType<typeof leaseTestApp>>;

/**
 * A lease test file's set-up, awaited at its top level so its tests read `t`, `org` and `send` as
 * they are: one app on a fresh database (jobs run only when a test drains them) and one organization
 * with `properties` properties of two units each, its administrator signed in; closed after the
 * file's tests. Made once a file, not once a test: each test makes leases and tenants of its own.
 */
export async function leaseTestApp(name: string, o: { properties?: number; env?: Record<string, string> } = {}) {
  const t = await createTestApp({ JOB_WORKER: "false", ...o.env });
  afterAll(() => t.close());
  const org = await ledgerOrganization(t, name, o);
  const send = ledgerApi(
    () => t,
    () => org,
  );
  return { t, org, send };
}

/** A tenant inserted directly (their API is another area's): `current` for a lease made outside the leases API. */
export async function addTenant(t: TestApp, org: LedgerOrg, name: string, status?: "current") {
  const [row] = await systemRows<{ id: string }>(
    t,
    sql`insert into tenants (organization_id, name, status) values (${org.orgId}, ${name}, ${status ?? sql`default`})
      returning id`,
  );
  if (!row) throw new Error("no tenant");
  return row.id;
}

export async function addZone(t: TestApp, org: LedgerOrg, property: number, name: string) {
  const [row] = await systemRows<{ id: number }>(
    t,
    sql`insert into zones (organization_id, property_id, name) values (${org.orgId}, ${org.propertyIds[property]}, ${name})
      returning id`,
  );
  if (!row) throw new Error("no zone");
  return Number(row.id);
}

/** A lease form of one unit (property p, unit u of the fixture) with one primary tenant. */
export function leaseForm(
  org: LedgerOrg,
  o: { property?: number; unit?: number; tenantId: string } & Partial<LeaseCreateInput>,
): LeaseCreateInput {
  const { property = 0, unit = 0, tenantId, ...rest } = o;
  return {
    property_id: org.propertyIds[property] ?? "",
    units: [{ unit_id: org.unitIds[property]?.[unit] ?? 0 }],
    parties: [{ tenant_id: tenantId, role: "primary" }],
    term: "fixed",
    start_date: "2026-06-15",
    end_date: "2027-06-14",
    rent_cents: 80_000,
    ...rest,
  };
}

export async function tenantStatus(t: TestApp, tenantId: string) {
  const [row] = await systemRows<{ status: string }>(t, sql`select status from tenants where id = ${tenantId}`);
  return row?.status;
}

/**
 * Leases made through the API and moved in (the first month's rent, the deposit and any fees
 * posted), each on a unit of its own unless the form names one: the n-th on unit n % 2 of property
 * n / 2, with a tenant of its own.
 */
export function movedInLeases({ t, org, send }: LeaseTests) {
  let n = 0;
  return async (form: Partial<Parameters<typeof leaseForm>[1]>, moveIn: object = {}) => {
    const i = n++;
    const tenantId = await addTenant(t, org, `Tenant ${i}`);
    const created = await send("POST", "/leases", {
      payload: leaseForm(org, { tenantId, property: Math.floor(i / 2), unit: i % 2, ...form }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = leaseSchema.parse(created.json().lease).id;
    const res = await send("POST", `/leases/${id}/move-in`, { payload: moveIn });
    expect(res.statusCode, res.body).toBe(200);
    const done = moveInResponseSchema.parse(res.json());
    return { ...done, id, tenantId, unitId: done.lease.units[0]?.unit_id ?? 0 };
  };
}

/** Expected cents of a month charged for some of its days: amount x days / days of the month, half up. */
export const prorated = (cents: number, days: number, ofDays: number) =>
  Math.floor((2 * cents * days + ofDays) / (2 * ofDays));

/**
 * A lease inserted directly, as the tenant ledger's tests want it (no move-in postings of its
 * own): a tenant, an active month-to-month lease of a unit of its own in property `property`, the
 * tenant its primary party.
 */
export async function leaseFixture(
  t: TestApp,
  org: LedgerOrg,
  o: {
    property: number;
    name: string;
    /** false: a lease of no unit (only a zone, say), so its lines name none. */
    unit?: boolean;
  },
) {
  const propertyId = org.propertyIds[o.property];
  if (!propertyId) throw new Error("no such property in the fixture");
  const [unit] = await systemRows<{ unit_id: number }>(
    t,
    sql`insert into units (organization_id, property_id, unit_number) values (${org.orgId}, ${propertyId}, ${o.name})
      returning unit_id`,
  );
  const unitId = Number(unit?.unit_id);
  const tenantId = await addTenant(t, org, o.name, "current");
  const [lease] = await systemRows<{ id: string }>(
    t,
    sql`insert into leases (organization_id, property_id, status, term, start_date, tenant_names, unit_names, property_name)
      values (${org.orgId}, ${propertyId}, 'active', 'month_to_month', '2026-01-01', ${o.name}, ${o.name}, 'Fixture')
      returning id`,
  );
  if (!lease) throw new Error("no lease");
  await systemRows(
    t,
    sql`insert into lease_parties (organization_id, lease_id, tenant_id, property_id, role)
      values (${org.orgId}, ${lease.id}, ${tenantId}, ${propertyId}, 'primary')`,
  );
  if (o.unit !== false) {
    await systemRows(
      t,
      sql`insert into lease_units (organization_id, lease_id, property_id, unit_id, starts_on)
        values (${org.orgId}, ${lease.id}, ${propertyId}, ${unitId}, '2026-01-01')`,
    );
  }
  return { id: lease.id, tenantId, propertyId };
}
