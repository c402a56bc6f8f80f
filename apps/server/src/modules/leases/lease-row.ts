import type { LeaseRow, LeaseStatus, LeaseTerm } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import { isoTimestampSql, nullableNumber } from "../../lib/list-sql.ts";

/** The columns of a lease as the grid (and the top of its detail) shows it, over `leases l` and `lease_balances b`. */
export const leaseRowSelect = sql`l.id, l.lease_no, l.property_id, l.property_name, l.tenant_names, l.unit_names,
  l.status, l.term, l.start_date::text as start_date, l.end_date::text as end_date,
  l.move_out_date::text as move_out_date, l.rent_cents, l.deposit_cents, coalesce(b.balance_cents, 0) as balance_cents,
  l.created_by, ${isoTimestampSql(sql`l.created_date`)} as created_date, l.last_modified_by,
  ${isoTimestampSql(sql`l.last_modified_date`)} as last_modified_date`;

/** A lease with its balance; left joined, so a lease reads the same even without its row (0). */
export const leaseRowFrom = sql`leases l left join lease_balances b on b.organization_id = l.organization_id and b.lease_id = l.id`;
/** The same, inner joined (every lease has its balance row from creation): for sorting by balance. */
export const leaseBalanceFrom = sql`leases l join lease_balances b on b.organization_id = l.organization_id and b.lease_id = l.id`;

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function toLeaseRow(r: Record<string, unknown>): LeaseRow {
  return {
    id: String(r.id),
    lease_no: Number(r.lease_no),
    property_id: String(r.property_id),
    property_name: String(r.property_name),
    tenant_names: String(r.tenant_names),
    unit_names: String(r.unit_names),
    status: String(r.status) as LeaseStatus,
    term: String(r.term) as LeaseTerm,
    start_date: String(r.start_date),
    end_date: text(r.end_date),
    move_out_date: text(r.move_out_date),
    rent_cents: Number(r.rent_cents),
    deposit_cents: Number(r.deposit_cents),
    balance_cents: Number(r.balance_cents),
    created_by: nullableNumber(r.created_by),
    created_date: String(r.created_date),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
  };
}
