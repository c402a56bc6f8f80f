import { depositStatementDays } from "@keyholder/contracts/lease-lifecycle";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { rowsOf } from "../leases/lease-sql.ts";

/**
 * The deposits a lease holds, per account (security deposits held, then other deposits held: pet
 * deposits), from its lines on them: what move-in credited less what was applied or refunded.
 */
export async function depositsHeld(tx: Tx, orgId: string, leaseId: string) {
  const rows = await rowsOf<{ account_id: number; role: string; cents: number | string }>(
    tx,
    sql`select a.id as account_id, a.role, -coalesce(sum(l.amount_cents), 0) as cents
      from ledger_accounts a
      join journal_lines l on l.organization_id = a.organization_id and l.account_id = a.id and l.lease_id = ${leaseId}
      where a.organization_id = ${orgId} and a.role in ('security_deposits_held', 'other_deposits_held')
      group by a.id, a.role order by a.role = 'other_deposits_held', a.id`,
  );
  return rows.map((r) => ({ accountId: Number(r.account_id), cents: Number(r.cents) })).filter((r) => r.cents > 0);
}

/** The state of the lease's property and the days its law gives for the deposit statement. */
export async function statementDeadline(tx: Tx, leaseId: string) {
  const [row] = await rowsOf<{ state_code: string | null }>(
    tx,
    sql`select s.state_code from leases l
      join properties p on p.organization_id = l.organization_id and p.id = l.property_id
      left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
      left join us_states s on s.id = a.state_id
      where l.id = ${leaseId}`,
  );
  const stateCode = row?.state_code?.trim() || null;
  return { stateCode, days: depositStatementDays(stateCode) };
}
