import { addDays, daysBetween } from "@keyholder/contracts/civil-date";
import type {
  LeaseExpiration,
  LeaseExpirations,
  LeaseExpirationsQuery,
  RenewalStanding,
} from "@keyholder/contracts/lease-expirations";
import { RENEWAL_WINDOWS } from "@keyholder/contracts/lease-lifecycle";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { checkReportRows } from "../../lib/reports/report-rows.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { leaseStandingSql } from "../leases/lease-standing.ts";

const n = Number;
const LONGEST = Math.max(...RENEWAL_WINDOWS);

/**
 * GET /reports/lease-expirations: the fixed-term leases current or on notice on a day whose end falls
 * within the window after it (by the leases' end-date index), each with the rent in effect that day
 * and its latest renewal offer; and how many end within each window. An accepted offer moves the
 * lease's end (decision 032), so a lease renewed before the day is no longer in the window.
 */
export async function readLeaseExpirations(tx: Tx, orgId: string, q: LeaseExpirationsQuery): Promise<LeaseExpirations> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const found = await rowsOf<{
    id: string;
    lease_no: string;
    property_id: string;
    property_name: string;
    unit_names: string;
    tenant_names: string;
    end_date: string;
    move_out_date: string | null;
    standing: string;
    rent: string;
    offer: string | null;
    offered: string | null;
  }>(
    tx,
    sql`
    select * from (
      select le.id, le.lease_no, le.property_id, le.property_name, le.unit_names, le.tenant_names,
        le.end_date::text, le.move_out_date::text, ${leaseStandingSql("le", asOf)} as standing, rc.rent,
        o.status as offer, o.rent_cents as offered
      from leases le
      cross join lateral (
        select coalesce(sum(c.amount_cents), 0) as rent from recurring_charges c
        where c.organization_id = le.organization_id and c.lease_id = le.id and c.kind = 'rent'
          and c.start_date <= ${asOf}::date and (c.end_date is null or c.end_date >= ${asOf}::date)
      ) rc
      left join lateral (
        select r.status, r.rent_cents from renewal_offers r
        where r.organization_id = le.organization_id and r.lease_id = le.id
        order by r.starts_on desc, r.id desc limit 1
      ) o on true
      where le.organization_id = ${orgId} ${property ? sql`and le.property_id = ${property.id}::uuid` : sql``}
        and le.term = 'fixed' and le.end_date between ${asOf}::date and ${addDays(asOf, LONGEST)}::date
    ) x where standing in ('current', 'notice')
    order by end_date, lease_no`,
  );
  checkReportRows(tx, found.length);
  const all: LeaseExpiration[] = found.map((l) => {
    const renewal: RenewalStanding =
      l.standing === "notice"
        ? "notice"
        : l.offer === "accepted"
          ? "renewed"
          : l.offer === "offered"
            ? "offered"
            : l.offer === "declined"
              ? "declined"
              : "none";
    return {
      lease: { id: l.id, lease_no: n(l.lease_no) },
      property: { id: l.property_id, name: l.property_name },
      unit_names: l.unit_names,
      tenant_names: l.tenant_names,
      rent_cents: n(l.rent),
      end_date: l.end_date,
      days_left: daysBetween(asOf, l.end_date),
      renewal,
      offered_rent_cents: l.offered === null ? null : n(l.offered),
      move_out_date: l.standing === "notice" ? l.move_out_date : null,
    };
  });
  return {
    as_of: asOf,
    through: addDays(asOf, q.days),
    days: q.days,
    property,
    rows: all.filter((r) => r.days_left <= q.days),
    windows: RENEWAL_WINDOWS.map((days) => {
      const within = all.filter((r) => r.days_left <= days);
      return { days, leases: within.length, rent_cents: within.reduce((s, r) => s + r.rent_cents, 0) };
    }),
  };
}
