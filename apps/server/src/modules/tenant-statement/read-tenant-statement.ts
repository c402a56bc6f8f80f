import type { TenantStatement, TenantStatementQuery } from "@keyholder/contracts/tenant-statement";
import type { Tx } from "../../db/client.ts";
import { findLease } from "../lease-ledger/find-lease.ts";
import { readLedger } from "../lease-ledger/read-ledger.ts";

/**
 * GET /reports/tenant-statement: a lease's ledger for a period (the lease ledger's own reading: the
 * lines of the one lease), with the period's totals; 404 for a lease the caller may not see.
 */
export async function readTenantStatement(tx: Tx, orgId: string, q: TenantStatementQuery): Promise<TenantStatement> {
  const lease = await findLease(tx, orgId, q.lease_id);
  const ledger = await readLedger(tx, orgId, lease.id, { from: q.from, to: q.to });
  return {
    lease: {
      id: lease.id,
      lease_no: lease.leaseNo,
      tenant_names: lease.tenantNames,
      unit_names: lease.unitNames,
      property_name: lease.propertyName,
    },
    from: ledger.from,
    to: ledger.to,
    opening_balance_cents: ledger.opening_balance_cents,
    rows: ledger.rows,
    charges_cents: ledger.rows.reduce((s, r) => s + r.charge_cents, 0),
    payments_cents: ledger.rows.reduce((s, r) => s + r.payment_cents, 0),
    closing_balance_cents: ledger.closing_balance_cents,
  };
}
