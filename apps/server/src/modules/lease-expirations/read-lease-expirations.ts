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
import type { ReportDocument } from "../../lib/reports/report-document.ts";
import { reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { checkReportRows } from "../../lib/reports/report-rows.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { leaseStandingSql } from "../leases/lease-standing.ts";
import { leaseExpirationsFile } from "./lease-expirations-document.ts";

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
  const all = await readExpiringLeases(tx, orgId, asOf, property);
  checkReportRows(tx, all.length);
  const windows = noWindows();
  for (const r of all) addToWindows(windows, r);
  return { ...frameOf(asOf, q.days, property), rows: all.filter((r) => r.days_left <= q.days), windows };
}

/** Lease expirations of any number as their file, read in pages as it is written (issue 30 item 7). */
export async function streamLeaseExpirations(
  tx: Tx,
  orgId: string,
  q: LeaseExpirationsQuery,
  o: { batchRows: number },
): Promise<ReportDocument> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const windows = noWindows();
  async function* rows() {
    let after: LeaseExpiration | undefined;
    for (;;) {
      const page = await readExpiringLeases(tx, orgId, asOf, property, { after, limit: o.batchRows });
      for (const r of page) {
        addToWindows(windows, r);
        if (r.days_left <= q.days) yield r;
      }
      after = page.at(-1);
      if (page.length < o.batchRows || !after) return;
    }
  }
  return leaseExpirationsFile(frameOf(asOf, q.days, property), rows(), () => windows);
}

const frameOf = (asOf: string, days: number, property: LeaseExpirations["property"]) => ({
  as_of: asOf,
  through: addDays(asOf, days),
  days,
  property,
});
const noWindows = () => RENEWAL_WINDOWS.map((days) => ({ days, leases: 0, rent_cents: 0 }));
const addToWindows = (windows: LeaseExpirations["windows"], r: LeaseExpiration) => {
  for (const w of windows)
    if (r.days_left <= w.days) {
      w.leases++;
      w.rent_cents += r.rent_cents;
    }
};

/**
 * The leases ending within the longest window after the day, soonest first (then by number): all
 * of them, or a page of `limit` after the lease `after`.
 */
async function readExpiringLeases(
  tx: Tx,
  orgId: string,
  asOf: string,
  property: { id: string } | null,
  page?: { after: LeaseExpiration | undefined; limit: number },
): Promise<LeaseExpiration[]> {
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
        ${page?.after ? sql`and (le.end_date, le.lease_no) > (${page.after.end_date}::date, ${page.after.lease.lease_no}::bigint)` : sql``}
    ) x where standing in ('current', 'notice')
    order by end_date, lease_no ${page ? sql`limit ${page.limit}` : sql``}`,
  );
  return found.map((l): LeaseExpiration => {
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
}
