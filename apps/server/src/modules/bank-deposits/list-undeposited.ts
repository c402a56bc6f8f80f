import type { UndepositedReceipt } from "@keyholder/contracts/bank-accounts";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

const LISTED = 500;

/**
 * GET /undeposited-receipts: the tenants' payments waiting in Undeposited Funds (not deposited, not
 * returned), oldest first, from their partial index; the first 500 listed, all counted and summed.
 * A user of some properties sees their properties' (row-level security on the payments).
 */
export async function listUndeposited(tx: Tx, orgId: string) {
  const { rows } = (await tx.execute(sql`
    select p.id, p.received_on::text as received_on, p.lease_id, p.method, p.reference, p.amount_cents,
      concat_ws(' · ', nullif(l.tenant_names, ''), nullif(l.unit_names, '')) as lease_name, l.property_name
    from lease_payments p
    join leases l on l.organization_id = p.organization_id and l.id = p.lease_id
    where p.organization_id = ${orgId} and p.deposit_id is null and p.return_entry_id is null
    order by p.received_on, p.id
    limit ${LISTED}`)) as unknown as { rows: (Omit<UndepositedReceipt, "amount_cents"> & { amount_cents: string })[] };
  const { rows: totals } = (await tx.execute(sql`
    select count(*) as n, coalesce(sum(amount_cents), 0) as cents from lease_payments
    where organization_id = ${orgId} and deposit_id is null and return_entry_id is null`)) as unknown as {
    rows: { n: string; cents: string }[];
  };
  return {
    receipts: rows.map((r) => ({ ...r, lease_name: r.lease_name || "Lease", amount_cents: Number(r.amount_cents) })),
    total_count: Number(totals[0]?.n ?? 0),
    total_cents: Number(totals[0]?.cents ?? 0),
  };
}
