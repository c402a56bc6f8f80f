import { RECONCILIATION_ITEMS_LIMIT, type ReconciliationItem } from "@keyholder/contracts/reconciliations";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type OpenReconciliation, rowsOf } from "./reconciliation-rows.ts";

/**
 * The books' items a reconciliation offers: each journal entry's money in or out of the bank
 * account's cash (its lines there summed: a deposit of three properties' receipts is one amount, as
 * the bank shows it), leaving out entries another reconciliation of the account cleared, and those
 * that net to nothing there. `filter` narrows it (to some entries, or a day).
 */
export function offeredItems(orgId: string, rec: OpenReconciliation, filter: SQL = sql`true`) {
  return sql`
    select l.entry_id, min(l.posted_on) as posted_on, sum(l.amount_cents) as amount_cents
    from journal_lines l
    where l.organization_id = ${orgId} and l.account_id = ${rec.cashAccountId} and ${filter}
      and not exists (
        select 1 from bank_reconciliation_items x
        where x.organization_id = l.organization_id and x.bank_account_id = ${rec.bankAccountId}
          and x.entry_id = l.entry_id and x.reconciliation_id <> ${rec.id})
    group by l.entry_id
    having sum(l.amount_cents) <> 0`;
}

interface ItemRow {
  entry_id: string | number;
  posted_on: string;
  source: ReconciliationItem["source"];
  memo: string;
  amount_cents: string | number;
  cleared: boolean;
  match_id: string | null;
}

const toItem = (r: ItemRow): ReconciliationItem => ({
  entry_id: Number(r.entry_id),
  posted_on: r.posted_on,
  source: r.source,
  memo: r.memo,
  amount_cents: Number(r.amount_cents),
  cleared: r.cleared,
  match_id: r.match_id,
});

/**
 * An open reconciliation's items: everything offered, each with whether it is cleared and matched;
 * at most `limit` (what a screen shows), or all of them (null: an auto-match step's days).
 */
export async function readOpenItems(
  tx: Tx,
  orgId: string,
  rec: OpenReconciliation,
  filter: SQL = sql`true`,
  limit: number | null = RECONCILIATION_ITEMS_LIMIT,
) {
  return rowsOf<ItemRow>(
    await tx.execute(sql`
      with offered as (${offeredItems(orgId, rec, filter)})
      select o.entry_id, o.posted_on::text as posted_on, e.source, e.memo, o.amount_cents,
        i.entry_id is not null as cleared, i.match_id
      from offered o
      join journal_entries e on e.organization_id = ${orgId} and e.id = o.entry_id
      left join bank_reconciliation_items i on i.organization_id = ${orgId} and i.bank_account_id = ${rec.bankAccountId}
        and i.entry_id = o.entry_id
      order by o.posted_on, o.entry_id
      ${limit === null ? sql`` : sql`limit ${limit}`}`),
  ).map(toItem);
}

/** A completed reconciliation's items: what it cleared, as kept. */
export async function readClearedItems(tx: Tx, orgId: string, reconciliationId: string) {
  return rowsOf<ItemRow>(
    await tx.execute(sql`
      select i.entry_id, e.posted_on::text as posted_on, e.source, e.memo, i.amount_cents, true as cleared, i.match_id
      from bank_reconciliation_items i
      join journal_entries e on e.organization_id = i.organization_id and e.id = i.entry_id
      where i.organization_id = ${orgId} and i.reconciliation_id = ${reconciliationId}
      order by e.posted_on, i.entry_id`),
  ).map(toItem);
}
