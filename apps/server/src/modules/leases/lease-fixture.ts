import type { LeaseCreateInput } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { createTestApp } from "../../../test/test-app.ts";
import { type LedgerOrg, systemRows } from "../ledger/ledger-fixture.ts";

/** Test fixtures of the leases' tests: tenants (their API is another area's) and lease forms. */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function addTenant(t: TestApp, org: LedgerOrg, name: string) {
  const [row] = await systemRows<{ id: string }>(
    t,
    sql`insert into tenants (organization_id, name) values (${org.orgId}, ${name}) returning id`,
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
