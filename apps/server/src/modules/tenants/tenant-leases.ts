import type { LeasePartyRole, LeaseStatus } from "@keyholder/contracts/leases";
import {
  RESPONSIBLE_PARTY_ROLES,
  type TenantLease,
  type TenantLeases,
  tenantMessages,
} from "@keyholder/contracts/tenants";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";

type Rows = { rows: Record<string, unknown>[] };
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * The leases a tenant is a party to, newest first, each with its maintained balance (lease_balances,
 * never summed over journal lines), and what the tenant owes over them (issue 27 items 7 and 13: a
 * balance left after move-out stays on the past tenant). Row-level security keeps it to the caller's
 * organization and, for a user who works on some properties, to those properties' leases; a tenant
 * the caller cannot see is not found.
 */
export async function tenantLeases(tx: Tx, tenantId: string): Promise<TenantLeases> {
  const found = (await tx.execute(sql`select 1 from tenants where id = ${tenantId}`)) as unknown as Rows;
  if (found.rows.length === 0) throw notFound(tenantMessages.notFound);
  const { rows } = (await tx.execute(sql`
    select l.id, l.lease_no, p.role, l.status, l.property_id, l.property_name, l.unit_names,
      l.start_date::text as start_date, l.end_date::text as end_date, l.move_out_date::text as move_out_date,
      l.rent_cents, coalesce(b.balance_cents, 0) as balance_cents
    from lease_parties p
    join leases l on l.organization_id = p.organization_id and l.id = p.lease_id
    left join lease_balances b on b.organization_id = l.organization_id and b.lease_id = l.id
    where p.tenant_id = ${tenantId}
    order by l.start_date desc, l.lease_no desc`)) as unknown as Rows;
  const leases = rows.map(toTenantLease);
  // The few maintained balances of this page's leases, added: the grid's figure (list-tenants.ts).
  const balance_cents = leases
    .filter((l) => (RESPONSIBLE_PARTY_ROLES as readonly string[]).includes(l.role))
    .reduce((sum, l) => sum + l.balance_cents, 0);
  return { leases, balance_cents };
}

function toTenantLease(r: Record<string, unknown>): TenantLease {
  return {
    id: String(r.id),
    lease_no: Number(r.lease_no),
    role: String(r.role) as LeasePartyRole,
    status: String(r.status) as LeaseStatus,
    property_id: String(r.property_id),
    property_name: String(r.property_name),
    unit_names: String(r.unit_names),
    start_date: String(r.start_date),
    end_date: text(r.end_date),
    move_out_date: text(r.move_out_date),
    rent_cents: Number(r.rent_cents),
    balance_cents: Number(r.balance_cents),
  };
}
