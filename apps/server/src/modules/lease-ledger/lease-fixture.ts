import { sql } from "drizzle-orm";
import type { createTestApp } from "../../../test/test-app.ts";
import { type LedgerOrg, systemRows } from "../ledger/ledger-fixture.ts";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A lease as the leases area makes them, inserted directly (its API is built elsewhere): a tenant, an
 * active month-to-month lease of a unit of its own in property `property`, the tenant its primary party.
 */
export async function leaseFixture(
  t: TestApp,
  org: LedgerOrg,
  o: {
    property: number;
    name: string /** false: a lease of no unit (only a zone, say), so its lines name none. */;
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
  const [tenant] = await systemRows<{ id: string }>(
    t,
    sql`insert into tenants (organization_id, name, status) values (${org.orgId}, ${o.name}, 'current') returning id`,
  );
  const [lease] = await systemRows<{ id: string }>(
    t,
    sql`insert into leases (organization_id, property_id, status, term, start_date, tenant_names, unit_names, property_name)
      values (${org.orgId}, ${propertyId}, 'active', 'month_to_month', '2026-01-01', ${o.name}, ${o.name}, 'Fixture')
      returning id`,
  );
  if (!tenant || !lease) throw new Error("no lease");
  await systemRows(
    t,
    sql`insert into lease_parties (organization_id, lease_id, tenant_id, property_id, role)
      values (${org.orgId}, ${lease.id}, ${tenant.id}, ${propertyId}, 'primary')`,
  );
  if (o.unit !== false) {
    await systemRows(
      t,
      sql`insert into lease_units (organization_id, lease_id, property_id, unit_id, starts_on)
        values (${org.orgId}, ${lease.id}, ${propertyId}, ${unitId}, '2026-01-01')`,
    );
  }
  return { id: lease.id, tenantId: tenant.id, propertyId };
}
