import { addMonths, daysBetween, monthEnd, monthStart } from "@keyholder/contracts/civil-date";
import {
  MAX_OCCUPANCY_MONTHS,
  type OccupancyFigures,
  type OccupancyQuery,
  type OccupancyReport,
  occupancyMessages,
  VACANT_LONGEST_SHOWN,
} from "@keyholder/contracts/occupancy-report";
import { reportMessages } from "@keyholder/contracts/reports";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { reportHeading } from "../../lib/reports/report-heading.ts";
import { propertyCondition, readReportProperty } from "../../lib/reports/report-property.ts";
import { accountIds, rowsOf } from "../leases/lease-sql.ts";
import { leaseStandingSql } from "../leases/lease-standing.ts";

const n = Number;
const held = sql`('current', 'notice')`;

/** The last day of each month from `from`'s to `to`'s, the last one `to` itself. */
function monthEnds(from: string, to: string) {
  const days: string[] = [];
  for (let m = monthStart(from); m <= to; m = addMonths(m, 1)) days.push(monthEnd(m) < to ? monthEnd(m) : to);
  return days;
}

/**
 * GET /reports/occupancy: for the last day of each month of a span, the units (those of today: a
 * unit's history is its leases) and how many a lease current or on notice held that day
 * (leaseStandingSql over each day, one statement), the units' market rent for a month and the rent
 * charged in the month from the maintained per-property balances of the rent account (decision
 * 027); the same by property on the last day; and the vacant units that day, longest vacant first.
 * Row-level security keeps a user of some properties to theirs.
 */
export async function readOccupancy(tx: Tx, orgId: string, q: OccupancyQuery): Promise<OccupancyReport> {
  const to = q.to ?? (await reportHeading(tx, orgId)).preparedOn;
  const from = q.from ?? addMonths(monthStart(to), -11);
  if (from > to) throw badRequest(reportMessages.range, { from: [reportMessages.range] });
  const days = monthEnds(from, to);
  if (days.length > MAX_OCCUPANCY_MONTHS)
    throw badRequest(occupancyMessages.tooLong, { from: [occupancyMessages.tooLong] });
  const property = q.property_id ? await readReportProperty(tx, orgId, q.property_id) : null;
  const inProperty = propertyCondition(property);
  const { rent_income: rent } = await accountIds(tx, ["rent_income"]);

  const units = await rowsOf<{ property_id: string; property_name: string; units: string; market: string }>(
    tx,
    sql`select property_id, max(property_name) as property_name, count(*) as units,
      coalesce(sum(round(base_rent_estimate * 100)), 0) as market
      from units where organization_id = ${orgId} ${inProperty("property_id")} group by property_id`,
  );
  const occupied = await rowsOf<{ day: string; property_id: string; occupied: string }>(
    tx,
    sql`select d.day::text as day, le.property_id, count(distinct lu.unit_id) as occupied
      from unnest(${`{${days.join(",")}}`}::date[]) as d(day)
      join leases le on le.organization_id = ${orgId} ${inProperty("le.property_id")} and le.start_date <= d.day
      join lease_units lu on lu.organization_id = le.organization_id and lu.lease_id = le.id and lu.unit_id is not null
      where ${leaseStandingSql("le", sql`d.day`)} in ${held}
      group by d.day, le.property_id`,
  );
  const charged = await rowsOf<{ month: string; property_id: string; cents: string }>(
    tx,
    sql`select period_start::text as month, property_id, sum(credit_cents - debit_cents) as cents
      from ledger_property_balances
      where organization_id = ${orgId} and account_id = ${rent} ${inProperty("property_id")}
        and period_start between ${monthStart(from)}::date and ${monthStart(to)}::date
      group by period_start, property_id`,
  );

  const totalUnits = units.reduce((s, u) => s + n(u.units), 0);
  const totalMarket = units.reduce((s, u) => s + n(u.market), 0);
  const months = days.map((day) => ({
    day,
    units: totalUnits,
    occupied: occupied.filter((o) => o.day === day).reduce((s, o) => s + n(o.occupied), 0),
    market_rent_cents: totalMarket,
    rent_charged_cents: charged.filter((c) => c.month === monthStart(day)).reduce((s, c) => s + n(c.cents), 0),
  }));
  const byProperty = units
    .map((u): OccupancyFigures & { property: { id: string; name: string } } => ({
      property: { id: u.property_id, name: u.property_name },
      units: n(u.units),
      occupied: n(occupied.find((o) => o.day === to && o.property_id === u.property_id)?.occupied ?? 0),
      market_rent_cents: n(u.market),
      rent_charged_cents: n(
        charged.find((c) => c.month === monthStart(to) && c.property_id === u.property_id)?.cents ?? 0,
      ),
    }))
    .sort((a, b) => a.property.name.localeCompare(b.property.name));

  const vacant = await rowsOf<{
    unit_id: string;
    unit_number: string;
    property_id: string;
    property_name: string;
    market: string | null;
    since: string | null;
  }>(
    tx,
    sql`select u.unit_id, u.unit_number, u.property_id, u.property_name,
        round(u.base_rent_estimate * 100)::bigint as market, last.ended::text as since
      from units u
      left join lateral (
        select max(coalesce(le.moved_out_on, le.move_out_date, le.end_date)) as ended
        from lease_units lu join leases le on le.organization_id = lu.organization_id and le.id = lu.lease_id
        where lu.organization_id = u.organization_id and lu.unit_id = u.unit_id
          and le.status not in ('pending', 'canceled') and le.start_date <= ${to}::date
          and coalesce(le.moved_out_on, le.move_out_date, le.end_date) < ${to}::date
      ) last on true
      where u.organization_id = ${orgId} ${inProperty("u.property_id")}
        and not exists (
          select 1 from lease_units lu join leases le on le.organization_id = lu.organization_id and le.id = lu.lease_id
          where lu.organization_id = u.organization_id and lu.unit_id = u.unit_id and le.start_date <= ${to}::date
            and ${leaseStandingSql("le", to)} in ${held})
      order by last.ended nulls last, u.property_name, u.unit_number
      limit ${VACANT_LONGEST_SHOWN}`,
  );
  return {
    from,
    to,
    property,
    months,
    by_property: byProperty,
    vacant_longest: vacant.map((v) => ({
      unit_id: n(v.unit_id),
      unit_number: v.unit_number,
      property: { id: v.property_id, name: v.property_name },
      market_rent_cents: v.market === null ? null : n(v.market),
      vacant_since: v.since,
      days_vacant: v.since ? daysBetween(v.since, to) : null,
    })),
  };
}
