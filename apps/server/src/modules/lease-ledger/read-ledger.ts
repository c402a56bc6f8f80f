import type { LeaseLedger, LedgerQuery, LedgerRow, LedgerRowType } from "@keyholder/contracts/lease-ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { findLease } from "./find-lease.ts";
import { leaseBalance } from "./lease-posting.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

const typeOf = (source: string): LedgerRowType => {
  switch (source) {
    case "recurring_charge":
    case "charge":
      return "charge";
    case "late_fee":
    case "nsf_fee":
    case "payment":
    case "payment_return":
    case "credit":
    case "refund":
    case "reversal":
    case "move_in":
    case "move_out":
      return source;
    case "prepaid_application":
      return "prepaid_applied";
    default:
      return "adjustment";
  }
};

/**
 * A lease's ledger: each entry with lines of the lease on its lease-ledger accounts (receivables and
 * prepaid rent), oldest first, what it added to or took off what the lease owes and the balance
 * after it. Read from the lines of the one lease (journal_lines_lease_idx: organization, lease, date),
 * never the organization's ledger; the balance now from lease_balances, the open charges and credits
 * from the receivables subledger's partial indexes of open items.
 */
export async function readLedger(tx: Tx, orgId: string, leaseId: string, q: LedgerQuery = {}): Promise<LeaseLedger> {
  const lease = await findLease(tx, orgId, leaseId);
  const from = q.from ?? null;
  const to = q.to ?? null;
  const [opening] = from
    ? rows<{ cents: number | string }>(
        await tx.execute(sql`select coalesce(sum(l.amount_cents), 0) as cents from journal_lines l
          join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id and a.lease_ledger
          where l.organization_id = ${orgId} and l.lease_id = ${lease.id} and l.posted_on < ${from}::date`),
      )
    : [{ cents: 0 }];
  const entries = rows<{
    id: number | string;
    posted_on: string;
    source: string;
    memo: string;
    cents: number | string;
    payment_id: string | null;
    returned: boolean;
  }>(
    await tx.execute(sql`
      select e.id, e.posted_on::text as posted_on, e.source, e.memo, x.cents, p.id as payment_id,
        p.return_entry_id is not null as returned
      from (
        select l.entry_id, sum(l.amount_cents) as cents from journal_lines l
        join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id and a.lease_ledger
        where l.organization_id = ${orgId} and l.lease_id = ${lease.id}
          ${from ? sql`and l.posted_on >= ${from}::date` : sql``} ${to ? sql`and l.posted_on <= ${to}::date` : sql``}
        group by l.entry_id
      ) x
      join journal_entries e on e.organization_id = ${orgId} and e.id = x.entry_id
      left join lease_payments p on p.organization_id = ${orgId} and p.entry_id = e.id
      order by e.posted_on, e.id`),
  );
  let balance = Number(opening?.cents ?? 0);
  const openingBalance = balance;
  const ledgerRows: LedgerRow[] = entries.map((e) => {
    const cents = Number(e.cents);
    balance += cents;
    return {
      entry_id: Number(e.id),
      posted_on: e.posted_on,
      type: typeOf(e.source),
      description: e.memo,
      charge_cents: Math.max(cents, 0),
      payment_cents: Math.max(-cents, 0),
      balance_cents: balance,
      payment_id: e.payment_id,
      returned: e.returned,
    };
  });
  const open = rows<{
    entry_id: number | string;
    line_no: number;
    posted_on: string;
    memo: string;
    amount_cents: number | string;
    open_cents: number | string;
  }>(
    await tx.execute(sql`select c.entry_id, c.line_no, c.posted_on::text as posted_on, e.memo, c.amount_cents, c.open_cents
      from lease_charges c join journal_entries e on e.organization_id = c.organization_id and e.id = c.entry_id
      where c.organization_id = ${orgId} and c.lease_id = ${lease.id} and c.open_cents > 0
      order by c.posted_on, c.entry_id, c.line_no`),
  );
  const [credit] = rows<{ cents: number | string }>(
    await tx.execute(sql`select coalesce(sum(open_cents), 0) as cents from lease_credits
      where organization_id = ${orgId} and lease_id = ${lease.id} and open_cents > 0`),
  );
  return {
    lease_id: lease.id,
    from,
    to,
    opening_balance_cents: openingBalance,
    rows: ledgerRows,
    closing_balance_cents: balance,
    balance_cents: await leaseBalance(tx, orgId, lease.id),
    open_charges: open.map((c) => ({
      entry_id: Number(c.entry_id),
      line_no: Number(c.line_no),
      posted_on: c.posted_on,
      description: c.memo,
      amount_cents: Number(c.amount_cents),
      open_cents: Number(c.open_cents),
    })),
    credit_cents: Number(credit?.cents ?? 0),
  };
}
