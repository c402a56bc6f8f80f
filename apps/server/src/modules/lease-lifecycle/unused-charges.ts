import type { UnusedCharge } from "@keyholder/contracts/lease-lifecycle";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { rowsOf } from "../leases/lease-sql.ts";

export type UnusedChargeCredit = UnusedCharge & { accountId: number; key: string };

/**
 * The monthly charges of a lease already posted for days after `day` (a month charged in advance,
 * then a move-out in it or before it), each with what crediting those days back would be: the
 * posted charge x the days after `day` it covered / the days it covered, rounded once to the cent.
 * A charge covers its month, or, when it prorates, the days of it from the charge's start to its end
 * (a prorated first or last month covers fewer days). The months looked at are the charge run's own keys from the month of `day` up
 * to the charge's next month (those before it were charged); a reversed charge credits nothing.
 */
export async function unusedCharges(
  tx: Tx,
  orgId: string,
  leaseId: string,
  day: string,
): Promise<UnusedChargeCredit[]> {
  const rows = await rowsOf<{
    rc: string;
    period: string;
    account_id: number | string;
    description: string;
    from: string;
    to: string;
    cents: number | string;
  }>(
    tx,
    sql`with months as (
        select r.id, r.account_id, r.description, r.start_date, r.end_date, r.proration, p::date as period_start,
          (p + interval '1 month' - interval '1 day')::date as period_end
        from recurring_charges r
        cross join lateral generate_series(date_trunc('month', ${day}::date), r.next_period_start - interval '1 month',
          interval '1 month') p
        where r.organization_id = ${orgId} and r.lease_id = ${leaseId} and r.next_period_start <> 'infinity'
      ),
      charged as (
        select m.*, l.amount_cents as charged_cents,
          case when m.proration = 'daily' then greatest(m.period_start, m.start_date) else m.period_start end
            as covered_from,
          case when m.proration = 'daily'
            then least(m.period_end, coalesce(m.end_date, 'infinity'::date)) else m.period_end end as covered_to
        from months m
        join journal_entries e on e.organization_id = ${orgId} and e.idempotency_key = 'charge:' || m.id || ':' || m.period_start
        join journal_lines l on l.organization_id = e.organization_id and l.entry_id = e.id and l.line_no = 1
        where not exists (select 1 from journal_entries x where x.organization_id = e.organization_id and x.reverses_entry_id = e.id)
      )
      select id::text as rc, period_start::text as period, account_id, description,
        greatest(${day}::date + 1, covered_from)::text as from, covered_to::text as to,
        round(charged_cents * (covered_to - greatest(${day}::date + 1, covered_from) + 1)::numeric
          / (covered_to - covered_from + 1))::bigint as cents
      from charged
      where covered_to > ${day}::date and charged_cents > 0
      order by period_start, description, id`,
  );
  return rows
    .map((r) => ({
      key: `unused:${r.rc}:${r.period}`,
      accountId: Number(r.account_id),
      description: r.description || "Recurring charge",
      from: r.from,
      to: r.to,
      amount_cents: Number(r.cents),
    }))
    .filter((r) => r.amount_cents > 0);
}
