import { addDays, addMonths, monthStart } from "@keyholder/contracts/civil-date";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * The year's late fees and payments of a batch of leases, set-based over the whole year (decision
 * 033), once the year's charges and deposits are posted. The tenants' paying days are drawn first
 * (by a hash of lease and month, so they do not depend on amounts); each payment pays everything open
 * on the lease on its day. With that, what a lease owed at the end of a month's grace days is known
 * from dates alone: something posted after its last payment before the fee day and before that day.
 * The late fees are decided by that rule (the charge run's: owed at the end of the grace days, one
 * per charge and month, fixed plus percent at most the maximum), a fee counting as owed for the next
 * ones, then posted with the run's keys, and the charges' late-fee months advanced as the run
 * advances them. Then the payments: each pays the open items posted since the lease's previous
 * paying day through its own (the previous one paid all before), with its allocations, in one
 * statement. The batch's temporary tables (demo_pay, demo_item, demo_fee) are dropped by the caller.
 */

/** In a hundred, by a hash of the lease and month: a late payment; by the lease: behind at the end. */
export const LATE_IN_100 = 12;
export const BEHIND_IN_100 = 2;

export interface YearBatch {
  orgId: string;
  adminUserId: number;
  today: string;
  first: string;
  /** Leases with id in (after, through]. */
  after: string;
  through: string;
  receivables: number;
  lateFees: number;
  undeposited: number;
  /** The lease of the returned check and its return day: an item owed from then (its payments after come later). */
  returned: { leaseId: string; on: string } | null;
}

/**
 * Every paying day of the year of the chosen leases, in temporary table demo_pay: on time one of
 * days 1-5 (the move-in day in the first month), late (LATE_IN_100 months in a hundred) days 9-20;
 * none in the last two months for a tenant behind, none from the move-out month for one who left.
 */
export function scheduleSql(g: { orgId: string; today: string; first: string }, leases: SQL): SQL {
  const lastTwo = addMonths(monthStart(g.today), -1);
  return sql`
    create temp table demo_pay on commit drop as
    select * from (
      select b.id as lease_id, b.lease_no, b.status, b.property_id, r.unit_id, r.tenant_id, m.month, m.h,
        case when m.h < ${LATE_IN_100} then 'late' else 'on_time' end as phase,
        case when m.h < ${LATE_IN_100} then greatest(m.month + 8 + m.x % 12, b.start_date + 8)
          else greatest(m.month + m.x % 5, b.start_date) end as paid_on,
        (m.month + interval '1 month' - interval '1 day')::date as month_end
      from leases b
      join recurring_charges r on r.organization_id = b.organization_id and r.lease_id = b.id and r.kind = 'rent'
      cross join lateral (
        select s::date as month, abs(hashtext(b.id::text || ':' || to_char(s, 'YYYY-MM-DD'))) % 100 as h,
          abs(hashtext(b.id::text || to_char(s, 'YYYY-MM-DD'))) as x
        from generate_series(${g.first}::timestamp, ${g.today}::timestamp, interval '1 month') s
      ) m
      where b.organization_id = ${g.orgId} and b.status in ('active', 'notice', 'ended') and ${leases}
        and b.start_date <= (m.month + interval '1 month' - interval '1 day')::date
        and not (abs(hashtext(b.id::text)) % 100 < ${BEHIND_IN_100} and m.month >= ${lastTwo}::date)
        and not (b.status = 'ended' and m.month >= date_trunc('month', b.moved_out_on)::date)
    ) p
    where paid_on <= ${g.today}::date and paid_on <= month_end`;
}

const inBatch = (b: YearBatch, column: SQL) => sql`${column} > ${b.after}::uuid and ${column} <= ${b.through}::uuid`;

/** Decides and posts the batch's late fees (demo_pay made first). */
export async function postYearLateFees(tx: Tx, b: YearBatch): Promise<void> {
  await tx.execute(sql`create index on demo_pay (lease_id, paid_on)`);
  // What is owed and when: the open items (charges, deposits), the returned check from its day.
  await tx.execute(sql`
    create temp table demo_item on commit drop as
    select c.lease_id, c.posted_on from lease_charges c
    where c.organization_id = ${b.orgId} and ${inBatch(b, sql`c.lease_id`)} and c.open_cents > 0
    union all
    select ${b.returned?.leaseId ?? null}::uuid, ${b.returned?.on ?? null}::date
    where ${b.returned?.leaseId ?? null}::uuid is not null and ${inBatch(b, sql`${b.returned?.leaseId ?? null}::uuid`)}`);
  // Each month of each charge with a late fee whose grace days are over, with the lease's last paying day before the fee day.
  await tx.execute(sql`
    create temp table demo_fee on commit drop as
    select r.id as charge_id, r.lease_id, r.property_id, r.unit_id, r.tenant_id,
      split_part(e.idempotency_key, ':', 3)::date as period_start, c.posted_on + (r.grace_days + 1) as fee_on,
      least((r.late_fee_cents + round(c.amount_cents * r.late_fee_percent / 100))::bigint, r.late_fee_max_cents) as fee_cents,
      coalesce((select max(p.paid_on) from demo_pay p where p.lease_id = r.lease_id and p.paid_on < c.posted_on + (r.grace_days + 1)),
        '-infinity'::date) as last_paid,
      false as owed
    from lease_charges c
    join journal_entries e on e.organization_id = c.organization_id and e.id = c.entry_id and e.source = 'recurring_charge'
    join recurring_charges r on r.organization_id = c.organization_id and r.id = split_part(e.idempotency_key, ':', 2)::uuid
    where c.organization_id = ${b.orgId} and ${inBatch(b, sql`c.lease_id`)} and r.late_fee_from is not null
      and split_part(e.idempotency_key, ':', 3)::date >= r.late_fee_next_period
      and c.posted_on + (r.grace_days + 1) <= ${b.today}::date`);
  await tx.execute(sql`create index on demo_item (lease_id, posted_on)`);
  // A fee is owed too: one posted before a later fee day and after the last payment makes that one
  // due as well, so decide until nothing changes (two or three rounds).
  for (;;) {
    const { rows } = (await tx.execute(sql`
      with now_owed as (
        update demo_fee f set owed = true
        where not f.owed and exists (select 1 from demo_item i where i.lease_id = f.lease_id
          and i.posted_on > f.last_paid and i.posted_on < f.fee_on)
        returning f.lease_id, f.fee_on, f.fee_cents
      ),
      added as (insert into demo_item select lease_id, fee_on from now_owed where fee_cents > 0 returning 1)
      select (select count(*) from now_owed)::int as n, (select count(*) from added)::int as items`)) as unknown as {
      rows: { n: number; items: number }[];
    };
    if (!rows[0]?.items) break;
  }
  await tx.execute(sql`
    with src as (
      select f.*, 'late_fee:' || f.charge_id || ':' || f.period_start as k from demo_fee f where f.owed and f.fee_cents > 0
    ),
    entry as (
      insert into journal_entries (organization_id, posted_on, memo, source, idempotency_key, property_id)
      select ${b.orgId}, fee_on, 'Late fee, ' || to_char(period_start, 'FMMonth YYYY'), 'late_fee', k, property_id from src
      on conflict (organization_id, idempotency_key) do nothing
      returning id, idempotency_key
    )
    insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on, property_id, unit_id, lease_id, tenant_id)
    select ${b.orgId}, entry.id, x.n, x.account_id, x.amount_cents, src.fee_on, src.property_id, src.unit_id, src.lease_id, src.tenant_id
    from entry join src on src.k = entry.idempotency_key
    cross join lateral (values (1::smallint, ${b.receivables}::integer, src.fee_cents),
      (2::smallint, ${b.lateFees}::integer, -src.fee_cents)) x(n, account_id, amount_cents)`);
  // The late-fee month of each charge moves past the months decided, as the run moves it: to the
  // first month through today not decided (no charge posted, or its grace days not over).
  await tx.execute(sql`
    update recurring_charges r set late_fee_next_period = w.next
    from (
      select r.id, coalesce(min(m::date) filter (where f.charge_id is null), (max(m) + interval '1 month')::date) as next
      from recurring_charges r
      cross join lateral generate_series(r.late_fee_next_period::timestamp, ${b.today}::timestamp, interval '1 month') m
      left join demo_fee f on f.charge_id = r.id and f.period_start = m::date
      where r.organization_id = ${b.orgId} and ${inBatch(b, sql`r.lease_id`)} and r.late_fee_from <= ${b.today}::date
      group by r.id
    ) w
    where r.organization_id = ${b.orgId} and r.id = w.id and r.late_fee_next_period < w.next`);
}

/**
 * The payments of demo_pay whose day is in (from, to], each paying the lease's open items posted
 * after its previous paying day in that window and through its own, as POST /leases/{id}/payments
 * records them (entry "payment:<lease>:demo-<month>-<phase>" D undeposited funds / C receivables, a
 * lease_payments row, the allocations), all in one statement.
 */
export async function postYearPayments(tx: Tx, b: YearBatch, window: SQL): Promise<void> {
  await tx.execute(sql`
    with pay as (
      select p.*, coalesce(lag(p.paid_on) over (partition by p.lease_id order by p.paid_on), '-infinity'::date) as prev,
        'payment:' || p.lease_id || ':demo-' || p.month || '-' || p.phase as k,
        (array['check', 'ach', 'ach', 'card'])[1 + p.h % 4] as method
      from demo_pay p where ${window}
    ),
    item as (
      select pay.k, c.entry_id, c.line_no, c.property_id, c.open_cents
      from pay join lease_charges c on c.organization_id = ${b.orgId} and c.lease_id = pay.lease_id and c.open_cents > 0
        and c.posted_on > pay.prev and c.posted_on <= pay.paid_on
    ),
    src as (
      select pay.*, d.cents from pay join (select k, sum(open_cents) as cents from item group by k) d on d.k = pay.k
    ),
    entry as (
      insert into journal_entries (organization_id, posted_on, memo, source, idempotency_key, property_id, created_by)
      select ${b.orgId}, paid_on,
        'Payment, ' || case method when 'ach' then 'ACH' when 'check' then 'check ' || (1000 + h * 37) else method end,
        'payment', k, property_id, ${b.adminUserId}
      from src
      on conflict (organization_id, idempotency_key) do nothing
      returning id, idempotency_key
    ),
    line as (
      insert into journal_lines (organization_id, entry_id, line_no, account_id, amount_cents, posted_on, property_id,
        unit_id, lease_id, tenant_id)
      select ${b.orgId}, entry.id, x.n, x.account_id, x.cents, src.paid_on, src.property_id, src.unit_id, src.lease_id, src.tenant_id
      from entry join src on src.k = entry.idempotency_key
      cross join lateral (values (1::smallint, ${b.undeposited}::int, src.cents),
        (2::smallint, ${b.receivables}::int, -src.cents)) x(n, account_id, cents)
      returning 1
    ),
    paid as (
      insert into lease_payments (organization_id, lease_id, property_id, entry_id, method, reference, received_on,
        amount_cents, created_by)
      select ${b.orgId}, src.lease_id, src.property_id, entry.id, src.method,
        case when src.method = 'check' then (1000 + src.h * 37)::text end, src.paid_on, src.cents, ${b.adminUserId}
      from entry join src on src.k = entry.idempotency_key
      returning 1
    )
    insert into lease_allocations (organization_id, lease_id, property_id, entry_id, source_entry_id, charge_entry_id,
      charge_line_no, amount_cents)
    select ${b.orgId}, src.lease_id, item.property_id, entry.id, entry.id, item.entry_id, item.line_no, item.open_cents
    from entry join src on src.k = entry.idempotency_key join item on item.k = src.k`);
}

export const returnDay = (receivedOn: string, today: string) => {
  const d = addDays(receivedOn, 6);
  return d < today ? d : today;
};
