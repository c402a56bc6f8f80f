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
 * Posts, in one statement, every month due on or before `through` of a batch of recurring charges
 * (in the run's order, by property, after the cursor), from each one's first month not yet charged:
 * D tenants' receivables, C the charge's account, with its lease, property, unit and tenant. Each month is one entry keyed
 * "charge:<recurring charge>:<month>", so a month posted already (a second run, a crash resumed)
 * is skipped by the key; each charge's next month moves past what was decided, so a second run of
 * the same day reads nothing. A month due in a closed period is not posted, and the charge stays at
 * it. A first or last month the charge covers in part is charged for its days when it prorates:
 * amount x days / days of the month, rounded once to the cent.
 */
export async function postCharges(tx: Tx, q: BatchQuery & { receivables: number }): Promise<BatchStep> {
  const { rows } = (await tx.execute(sql`
    with rc as (
      select r.id, r.lease_id, r.property_id, r.unit_id, r.tenant_id, r.account_id, r.description, r.amount_cents,
        r.due_day, r.start_date, r.end_date, r.proration, r.next_period_start
      from recurring_charges r
      where r.organization_id = ${q.orgId} and r.charge_from <= ${q.through}::date
        and ${afterCursor(q.cursor)}
      order by ${RUN_ORDER}
      limit ${q.size}
    ),
    months as (
      select rc.*, m::date as period_start, (m + interval '1 month' - interval '1 day')::date as period_end
      from rc cross join lateral generate_series(rc.next_period_start::timestamp,
        least(${q.through}::date, coalesce(rc.end_date, ${q.through}::date))::timestamp, interval '1 month') m
    ),
    dated as (
      select months.*,
        least(greatest(period_start + (least(due_day, extract(day from period_end)::int) - 1), start_date),
          coalesce(end_date, 'infinity'::date)) as posted_on,
        greatest(period_start, start_date) as covered_from,
        least(period_end, coalesce(end_date, period_end)) as covered_to
      from months
    ),
    due as (
      select dated.*,
        exists (select 1 from accounting_periods p where p.organization_id = ${q.orgId} and p.status = 'closed'
          and p.starts_on = date_trunc('month', dated.posted_on)::date) as closed,
        case when proration = 'daily' and (covered_from > period_start or covered_to < period_end)
          then round(amount_cents * (covered_to - covered_from + 1)::numeric / (period_end - period_start + 1))::bigint
          else amount_cents end as charge_cents
      from dated
      where posted_on <= ${q.through}::date
    ),
    src as (
      select due.*, 'charge:' || id || ':' || period_start as k from due where not closed and charge_cents > 0
    ),
    entry as (
      insert into journal_entries (organization_id, posted_on, memo, source, idempotency_key, property_id)
      select ${q.orgId}, posted_on, coalesce(nullif(description, ''), 'Recurring charge') || ', ' || to_char(period_start, 'FMMonth YYYY'),
        'recurring_charge', k, property_id
      from src
      on conflict (organization_id, idempotency_key) do nothing
      returning id, idempotency_key
    ),
    line as (
      insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on, property_id, unit_id, lease_id, tenant_id)
      select ${q.orgId}, entry.id, x.n, x.account_id, x.amount_cents, src.posted_on, src.property_id, src.unit_id, src.lease_id, src.tenant_id
      from entry
      join src on src.k = entry.idempotency_key
      cross join lateral (values (1::smallint, ${q.receivables}::integer, src.charge_cents),
        (2::smallint, src.account_id, -src.charge_cents)) x(n, account_id, amount_cents)
      returning amount_cents
    ),
    advanced as (
      update recurring_charges r set next_period_start = w.next
      from (
        select id, coalesce(min(period_start) filter (where closed), (max(period_start) + interval '1 month')::date) as next
        from due group by id
      ) w
      where r.organization_id = ${q.orgId} and r.id = w.id and r.next_period_start < w.next
      returning r.id
    )
    select ${lastOfBatch} as cursor,
      (select count(*) from rc) as considered,
      (select count(*) from line where amount_cents > 0) as posted,
      (select coalesce(sum(amount_cents), 0) from line where amount_cents > 0) as posted_cents,
      (select count(*) from due where closed) as skipped,
      (select count(*) from advanced) as advanced`)) as unknown as StepRows;
  return toStep(rows);
}
