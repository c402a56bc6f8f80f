import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * The seed's fast path for a freshly generated organization's year of history (decision 033): its
 * statements run with the triggers off (`session_replication_role = replica`, which skips the
 * row-by-row foreign-key checks and the ledger's statement triggers alike), and what the triggers
 * maintain is then built set-based from the lines posted, as migration 0036's backfill built it, and
 * checked, all in the one transaction: the open items (each charge and fee an open item, what the
 * payments allocated taken off), the accounting periods, the balances per account, property and lease
 * (and its deposits held, and by month) and day (added, as the triggers add), the cash basis, the count of lines, and every entry balanced, of two lines or more, dated and of the
 * property as its lines. Only for a superuser session (the seed, PGlite) and an organization whose
 * ledger holds nothing but its leases' deposits; otherwise the statements run with the triggers on.
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The last entry id of the organization: what the fast path posts comes after it. */
export async function lastEntryId(tx: Tx, orgId: string): Promise<number> {
  const [row] = rowsOf<{ id: string | null }>(
    await tx.execute(sql`select max(id)::text as id from journal_entries where organization_id = ${orgId}`),
  );
  return Number(row?.id ?? 0);
}

/** Turns the triggers off for this transaction when the session may and the organization is fresh. */
export async function bypassTriggers(tx: Tx, orgId: string): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`select current_setting('is_superuser') = 'on'
      and not exists (select 1 from journal_entries e where e.organization_id = ${orgId} and e.source <> 'move_in')
      and not exists (select 1 from lease_credits k where k.organization_id = ${orgId}) as ok`),
  );
  if (!row?.ok) return false;
  await tx.execute(sql`set local session_replication_role = replica`);
  return true;
}

/** The open items of the charges and late fees posted after an entry id, as the trigger makes them. */
export async function openItemsAfter(tx: Tx, orgId: string, after: number, receivables: number) {
  await tx.execute(sql`
    insert into lease_charges (organization_id, entry_id, line_no, lease_id, property_id, posted_on, amount_cents, open_cents)
    select l.organization_id, l.entry_id, l.line_no, l.lease_id, l.property_id, l.posted_on, l.amount_cents, l.amount_cents
    from journal_lines l
    join journal_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
      and e.source in ('recurring_charge', 'late_fee')
    where l.organization_id = ${orgId} and l.entry_id > ${after} and l.account_id = ${receivables}
      and l.amount_cents > 0 and l.lease_id is not null`);
}

/** What the allocations of the payments posted after an entry id paid, off their charges' open amounts. */
export async function applyAllocationsAfter(tx: Tx, orgId: string, after: number) {
  await tx.execute(sql`
    update lease_charges c set open_cents = c.open_cents - a.total
    from (
      select charge_entry_id, charge_line_no, sum(amount_cents) as total from lease_allocations
      where organization_id = ${orgId} and source_entry_id > ${after} and charge_entry_id is not null
      group by 1, 2
    ) a
    where c.organization_id = ${orgId} and c.entry_id = a.charge_entry_id and c.line_no = a.charge_line_no`);
}

/** The periods and balances of the entries posted after an entry id, once they are checked as the triggers check them. */
export async function settleAfter(tx: Tx, orgId: string, after: number) {
  const [bad] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select e.id::text as id from journal_entries e
      left join journal_lines l on l.organization_id = e.organization_id and l.entry_id = e.id
      where e.organization_id = ${orgId} and e.id > ${after}
      group by e.id
      having coalesce(sum(l.amount_cents), 0) <> 0 or count(l.entry_id) < 2
        or not coalesce(bool_and(l.posted_on = e.posted_on), false)
        or not coalesce(bool_and(e.property_id is null or l.property_id is not distinct from e.property_id), false)
      limit 1`),
  );
  if (bad) throw new Error(`the generated journal entry ${bad.id} does not balance or is not dated as its lines`);
  await tx.execute(sql`
    insert into accounting_periods (organization_id, starts_on, ends_on)
    select distinct organization_id, date_trunc('month', posted_on)::date,
      (date_trunc('month', posted_on) + interval '1 month' - interval '1 day')::date
    from journal_entries where organization_id = ${orgId} and id > ${after}
    on conflict (organization_id, starts_on) do nothing`);
  const [closed] = rowsOf<{ starts_on: string }>(
    await tx.execute(sql`select p.starts_on::text from accounting_periods p where p.organization_id = ${orgId}
      and p.status = 'closed' and exists (select 1 from journal_entries e where e.organization_id = p.organization_id
        and e.id > ${after} and date_trunc('month', e.posted_on)::date = p.starts_on) limit 1`),
  );
  if (closed) throw new Error(`the period of ${closed.starts_on} is closed`);
  await tx.execute(sql`
    insert into ledger_account_balances as b (organization_id, account_id, period_start, debit_cents, credit_cents)
    select organization_id, account_id, date_trunc('month', posted_on)::date,
      sum(greatest(amount_cents, 0)), sum(greatest(-amount_cents, 0))
    from journal_lines where organization_id = ${orgId} and entry_id > ${after}
    group by 1, 2, 3
    on conflict (organization_id, account_id, period_start) do update
      set debit_cents = b.debit_cents + excluded.debit_cents, credit_cents = b.credit_cents + excluded.credit_cents`);
  await tx.execute(sql`
    insert into ledger_account_day_balances as b (organization_id, account_id, posted_on, debit_cents, credit_cents)
    select organization_id, account_id, posted_on, sum(greatest(amount_cents, 0)), sum(greatest(-amount_cents, 0))
    from journal_lines where organization_id = ${orgId} and entry_id > ${after}
    group by 1, 2, 3
    on conflict (organization_id, account_id, posted_on) do update
      set debit_cents = b.debit_cents + excluded.debit_cents, credit_cents = b.credit_cents + excluded.credit_cents`);
  await tx.execute(sql`
    insert into organization_row_counts as c (organization_id, table_name, row_count)
    select ${orgId}, 'journal_lines', count(*) from journal_lines where organization_id = ${orgId} and entry_id > ${after}
    on conflict (organization_id, table_name) do update set row_count = c.row_count + excluded.row_count`);
  await tx.execute(sql`
    insert into ledger_property_balances as b (organization_id, property_id, account_id, period_start, debit_cents, credit_cents)
    select organization_id, property_id, account_id, date_trunc('month', posted_on)::date,
      sum(greatest(amount_cents, 0)), sum(greatest(-amount_cents, 0))
    from journal_lines where organization_id = ${orgId} and entry_id > ${after} and property_id is not null
    group by 1, 2, 3, 4
    on conflict (organization_id, property_id, account_id, period_start) do update
      set debit_cents = b.debit_cents + excluded.debit_cents, credit_cents = b.credit_cents + excluded.credit_cents`);
  await tx.execute(sql`
    insert into lease_balances as b (organization_id, lease_id, property_id, balance_cents)
    select l.organization_id, l.lease_id, (array_agg(l.property_id) filter (where l.property_id is not null))[1],
      sum(l.amount_cents)
    from journal_lines l
    join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id and a.lease_ledger
    where l.organization_id = ${orgId} and l.entry_id > ${after} and l.lease_id is not null
    group by 1, 2
    on conflict (organization_id, lease_id) do update
      set balance_cents = b.balance_cents + excluded.balance_cents, property_id = coalesce(b.property_id, excluded.property_id)`);
  await tx.execute(sql`
    insert into lease_balances as b (organization_id, lease_id, property_id, security_deposit_cents, other_deposits_cents)
    select l.organization_id, l.lease_id, (array_agg(l.property_id) filter (where l.property_id is not null))[1],
      coalesce(-sum(l.amount_cents) filter (where a.role = 'security_deposits_held'), 0),
      coalesce(-sum(l.amount_cents) filter (where a.role = 'other_deposits_held'), 0)
    from journal_lines l
    join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
      and a.role in ('security_deposits_held', 'other_deposits_held')
    where l.organization_id = ${orgId} and l.entry_id > ${after} and l.lease_id is not null
    group by 1, 2
    on conflict (organization_id, lease_id) do update
      set security_deposit_cents = b.security_deposit_cents + excluded.security_deposit_cents,
        other_deposits_cents = b.other_deposits_cents + excluded.other_deposits_cents,
        property_id = coalesce(b.property_id, excluded.property_id)`);
  await tx.execute(sql`
    insert into lease_month_balances as b (organization_id, lease_id, month, property_id, ledger_cents,
        security_deposit_cents, other_deposits_cents)
    select l.organization_id, l.lease_id, date_trunc('month', l.posted_on)::date,
      (array_agg(l.property_id) filter (where l.property_id is not null))[1],
      coalesce(sum(l.amount_cents) filter (where a.lease_ledger), 0),
      coalesce(sum(l.amount_cents) filter (where a.role = 'security_deposits_held'), 0),
      coalesce(sum(l.amount_cents) filter (where a.role = 'other_deposits_held'), 0)
    from journal_lines l
    join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
      and (a.lease_ledger or a.role in ('security_deposits_held', 'other_deposits_held'))
    where l.organization_id = ${orgId} and l.entry_id > ${after} and l.lease_id is not null
    group by 1, 2, 3
    on conflict (organization_id, lease_id, month) do update
      set ledger_cents = b.ledger_cents + excluded.ledger_cents,
        security_deposit_cents = b.security_deposit_cents + excluded.security_deposit_cents,
        other_deposits_cents = b.other_deposits_cents + excluded.other_deposits_cents,
        property_id = coalesce(b.property_id, excluded.property_id)`);
  // The fresh organization's cash basis whole, as migration 0072's backfill builds it.
  await tx.execute(sql`select ledger_property_cash_basis_rebuild(${orgId}::uuid)`);
}
