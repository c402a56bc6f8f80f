import { daysBetween } from "@keyholder/contracts/civil-date";
import {
  type AgingBuckets,
  agingBucketOf,
  type Delinquency,
  type DelinquencyQuery,
  type DelinquencyRow,
  type LeaseStanding,
} from "@keyholder/contracts/delinquency";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { propertyCondition, reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { checkReportRows } from "../../lib/reports/report-rows.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { readLeaseFacts } from "../leases/lease-standing.ts";

const n = Number;
const noBuckets = (): AgingBuckets => [0, 0, 0, 0];

/**
 * GET /reports/delinquency: what each lease owed at the end of a day of the charges posted (due) by
 * then, aged by the days since, less its money not yet applied that day (prepaid rent, credits).
 * Read from the receivables' open items, not the ledger: an item's amount open that day is what is
 * open now plus what postings after the day applied to it (lease_allocations by their posting,
 * whose day is its entry's), so today's report reads the open items alone and an older one the
 * applications since as well. Row-level security limits a user of some properties.
 */
export async function readDelinquency(tx: Tx, orgId: string, q: DelinquencyQuery): Promise<Delinquency> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const inProperty = propertyCondition(property);
  const later = sql`
    select al.charge_entry_id, al.charge_line_no, al.credit_entry_id, al.credit_line_no, al.amount_cents
    from journal_entries e
    join lease_allocations al on al.organization_id = e.organization_id and al.entry_id = e.id
    where e.organization_id = ${orgId} and e.posted_on > ${asOf}::date ${inProperty("al.property_id")}`;
  const charges = await rowsOf<{ lease_id: string; posted_on: string; account_id: number; open: string }>(
    tx,
    sql`
    with later as (${later}),
    later_charge as (
      select charge_entry_id as entry_id, charge_line_no as line_no, sum(amount_cents) as cents from later
      where charge_entry_id is not null group by 1, 2
    )
    select c.lease_id, c.posted_on::text, k.account_id, c.open_cents + coalesce(lc.cents, 0) as open
    from (
      -- The charges open now (an index of them by property), and those paid since the day: two
      -- reads, since one with "open or paid since" reads every charge.
      select c.* from lease_charges c
      where c.organization_id = ${orgId} ${inProperty("c.property_id")} and c.posted_on <= ${asOf}::date
        and c.open_cents > 0
      union
      select c.* from later_charge lc
      join lease_charges c on c.organization_id = ${orgId} and c.entry_id = lc.entry_id and c.line_no = lc.line_no
      where c.posted_on <= ${asOf}::date ${inProperty("c.property_id")}
    ) c
    left join later_charge lc on lc.entry_id = c.entry_id and lc.line_no = c.line_no
    -- What the charge was for: the entry's credit beside it (rent, a fee, the deposit held), as the
    -- cash basis reads it (lease_charge_accounts, migration 0072), deposits included here.
    cross join lateral (
      select l.account_id from journal_lines l
      join ledger_accounts a on a.organization_id = l.organization_id and a.id = l.account_id
        and a.role is distinct from 'accounts_receivable'
      where l.organization_id = c.organization_id and l.entry_id = c.entry_id and l.amount_cents < 0
      order by l.amount_cents = -c.amount_cents desc, abs(l.line_no - c.line_no), l.line_no
      limit 1
    ) k
    where c.open_cents + coalesce(lc.cents, 0) > 0`,
  );
  const credits = await rowsOf<{ lease_id: string; open: string }>(
    tx,
    sql`
    with later as (${later}),
    later_credit as (
      select credit_entry_id as entry_id, credit_line_no as line_no, sum(amount_cents) as cents from later
      where credit_entry_id is not null group by 1, 2
    )
    select cr.lease_id, sum(cr.open_cents + coalesce(lc.cents, 0)) as open
    from lease_credits cr
    left join later_credit lc on lc.entry_id = cr.entry_id and lc.line_no = cr.line_no
    where cr.organization_id = ${orgId} ${inProperty("cr.property_id")} and cr.posted_on <= ${asOf}::date
      and (cr.open_cents > 0 or lc.cents is not null)
    group by cr.lease_id`,
  );
  const creditOf = new Map(credits.map((c) => [c.lease_id, n(c.open)]));

  interface Owing {
    buckets: AgingBuckets;
    owed: number;
    oldest: string;
  }
  const owing = new Map<string, Owing>();
  for (const c of charges) {
    const o = owing.get(c.lease_id) ?? { buckets: noBuckets(), owed: 0, oldest: c.posted_on };
    const bucket = agingBucketOf(daysBetween(c.posted_on, asOf));
    o.buckets[bucket] += n(c.open);
    o.owed += n(c.open);
    if (c.posted_on < o.oldest) o.oldest = c.posted_on;
    owing.set(c.lease_id, o);
  }
  const delinquent = [...owing].filter(([leaseId, o]) => o.owed - (creditOf.get(leaseId) ?? 0) > 0);
  checkReportRows(tx, delinquent.length);
  const facts = await readLeaseFacts(
    tx,
    orgId,
    delinquent.map(([id]) => id),
    asOf,
  );
  const wanted = (s: LeaseStanding) => q.tenants === "all" || (q.tenants === "past") === (s === "past");
  const rows: DelinquencyRow[] = [...facts.values()]
    .filter((l) => wanted(l.standing))
    .map((l) => {
      const o = owing.get(l.lease.id) as Owing;
      const credit = creditOf.get(l.lease.id) ?? 0;
      return {
        ...l,
        buckets_cents: o.buckets,
        owed_cents: o.owed,
        credits_cents: credit,
        net_cents: o.owed - credit,
        oldest_due: o.oldest,
      };
    })
    .sort((a, b) => b.net_cents - a.net_cents || a.lease.lease_no - b.lease.lease_no);

  // The same leases' open charges by the account each was for.
  const shown = new Set(rows.map((r) => r.lease.id));
  const byAccount = new Map<number, { buckets: AgingBuckets; owed: number }>();
  for (const c of charges) {
    if (!shown.has(c.lease_id)) continue;
    const a = byAccount.get(n(c.account_id)) ?? { buckets: noBuckets(), owed: 0 };
    a.buckets[agingBucketOf(daysBetween(c.posted_on, asOf))] += n(c.open);
    a.owed += n(c.open);
    byAccount.set(n(c.account_id), a);
  }
  const accountIds = `{${[...byAccount.keys()].join(",")}}`;
  const accounts = byAccount.size
    ? await rowsOf<{ id: number; code: string; name: string }>(
        tx,
        sql`select id, code, name from ledger_accounts where organization_id = ${orgId} and id = any(${accountIds}::int[])
          order by code`,
      )
    : [];

  const totals = { leases: rows.length, buckets_cents: noBuckets(), owed_cents: 0, credits_cents: 0, net_cents: 0 };
  for (const r of rows) {
    r.buckets_cents.forEach((cents, i) => {
      totals.buckets_cents[i] = (totals.buckets_cents[i] ?? 0) + cents;
    });
    totals.owed_cents += r.owed_cents;
    totals.credits_cents += r.credits_cents;
    totals.net_cents += r.net_cents;
  }
  return {
    as_of: asOf,
    property,
    tenants: q.tenants,
    rows,
    by_charge_type: accounts.map((a) => {
      const found = byAccount.get(n(a.id)) ?? { buckets: noBuckets(), owed: 0 };
      return {
        account: { id: n(a.id), code: a.code, name: a.name },
        buckets_cents: found.buckets,
        owed_cents: found.owed,
      };
    }),
    totals,
  };
}
