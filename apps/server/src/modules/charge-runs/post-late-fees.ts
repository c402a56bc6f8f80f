import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  afterCursor,
  type BatchQuery,
  type BatchStep,
  lastOfBatch,
  RUN_ORDER,
  type StepRows,
  toStep,
} from "./batch-step.ts";

/**
 * Posts, in one statement, the late fees of a batch of recurring charges that carry one: for each
 * month whose charge is posted and whose grace days ended on or before `through`, when the lease
 * still owed at the end of the last grace day, a fee dated the day after (D receivables, C late
 * fees): the fixed cents plus the percent of that month's charge, rounded once to the cent, never above
 * the charge's maximum when it has one (the lease's late-fee maximum). What the
 * lease owed then is its maintained balance less what was posted on its lease-ledger accounts since
 * (the lines of one lease from a date, from an index), so a payment made later does not undo a fee,
 * and a run days late decides as a timely one would have. One fee per charge and month (key
 * "late_fee:<recurring charge>:<month>"); the charge's late-fee month moves past the months decided.
 */
export async function postLateFees(
  tx: Tx,
  q: BatchQuery & { receivables: number; lateFees: number },
): Promise<BatchStep> {
  const { rows } = (await tx.execute(sql`
    with rc as (
      select r.id, r.lease_id, r.property_id, r.unit_id, r.tenant_id, r.late_fee_cents, r.late_fee_percent, r.grace_days,
        r.late_fee_next_period, r.late_fee_max_cents
      from recurring_charges r
      where r.organization_id = ${q.orgId} and r.late_fee_from <= ${q.through}::date
        and ${afterCursor(q.cursor)}
      order by ${RUN_ORDER}
      limit ${q.size}
    ),
    months as (
      select rc.*, m::date as period_start
      from rc cross join lateral generate_series(rc.late_fee_next_period::timestamp, ${q.through}::timestamp, interval '1 month') m
    ),
    charged as (
      select months.*, e.posted_on + (months.grace_days::integer + 1) as fee_on, l.amount_cents as charge_cents
      from months
      left join journal_entries e on e.organization_id = ${q.orgId}
        and e.idempotency_key = 'charge:' || months.id || ':' || months.period_start
      left join journal_lines l on l.organization_id = e.organization_id and l.entry_id = e.id and l.line_no = 1
    ),
    decided as (
      select charged.*,
        exists (select 1 from accounting_periods p where p.organization_id = ${q.orgId} and p.status = 'closed'
          and p.starts_on = date_trunc('month', charged.fee_on)::date) as closed,
        (select b.balance_cents from lease_balances b where b.organization_id = ${q.orgId} and b.lease_id = charged.lease_id)
          - coalesce((select sum(l.amount_cents) from journal_lines l
              join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id and a.lease_ledger
              where l.organization_id = ${q.orgId} and l.lease_id = charged.lease_id and l.posted_on >= charged.fee_on), 0)
          as owed
      from charged
      where charge_cents is not null and fee_on <= ${q.through}::date
    ),
    src as (
      select decided.*, 'late_fee:' || id || ':' || period_start as k,
        least((late_fee_cents + round(charge_cents * late_fee_percent / 100))::bigint, late_fee_max_cents) as fee_cents
      from decided where not closed and owed > 0
    ),
    entry as (
      insert into journal_entries (organization_id, posted_on, memo, source, idempotency_key, property_id)
      select ${q.orgId}, fee_on, 'Late fee, ' || to_char(period_start, 'FMMonth YYYY'), 'late_fee', k, property_id
      from src where fee_cents > 0
      on conflict (organization_id, idempotency_key) do nothing
      returning id, idempotency_key
    ),
    line as (
      insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on, property_id, unit_id, lease_id, tenant_id)
      select ${q.orgId}, entry.id, x.n, x.account_id, x.amount_cents, src.fee_on, src.property_id, src.unit_id, src.lease_id, src.tenant_id
      from entry
      join src on src.k = entry.idempotency_key
      cross join lateral (values (1::smallint, ${q.receivables}::integer, src.fee_cents),
        (2::smallint, ${q.lateFees}::integer, -src.fee_cents)) x(n, account_id, amount_cents)
      returning amount_cents
    ),
    advanced as (
      update recurring_charges r set late_fee_next_period = w.next
      from (
        select m.id, coalesce(min(m.period_start) filter (where d.id is null or d.closed),
          (max(m.period_start) + interval '1 month')::date) as next
        from months m left join decided d on d.id = m.id and d.period_start = m.period_start
        group by m.id
      ) w
      where r.organization_id = ${q.orgId} and r.id = w.id and r.late_fee_next_period < w.next
      returning r.id
    )
    select ${lastOfBatch} as cursor,
      (select count(*) from rc) as considered,
      (select count(*) from line where amount_cents > 0) as posted,
      (select coalesce(sum(amount_cents), 0) from line where amount_cents > 0) as posted_cents,
      (select count(*) from decided where closed and owed > 0) as skipped,
      (select count(*) from advanced) as advanced`)) as unknown as StepRows;
  return toStep(rows);
}
