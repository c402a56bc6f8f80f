import { daysBetween } from "@keyholder/contracts/civil-date";
import {
  MAINTENANCE_PRIORITIES,
  type MaintenanceStatus,
  OPEN_MAINTENANCE_STATUSES,
} from "@keyholder/contracts/maintenance";
import { assignmentMessages } from "@keyholder/contracts/maintenance-assignment";
import {
  type MaintenanceAging,
  type MaintenanceAgingQuery,
  type MaintenanceAgingRow,
  maintenanceAgeBucketOf,
} from "@keyholder/contracts/maintenance-reports";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { cursorRows } from "../../lib/reports/report-cursor.ts";
import type { ReportDocument } from "../../lib/reports/report-document.ts";
import { propertyCondition, reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { checkReportRows } from "../../lib/reports/report-rows.ts";
import { rowsOf } from "../maintenance/request-sql.ts";
import { type AgingFigures, maintenanceAgingFile } from "./maintenance-aging-document.ts";
import {
  closedStatusList,
  endOfDaySql,
  type RequestColumns,
  requestColumnsSql,
  requestFactsOf,
} from "./maintenance-report-sql.ts";

type Ages = [number, number, number, number];
const noAges = (): Ages => [0, 0, 0, 0];

/**
 * GET /reports/maintenance-aging: the requests open at the end of a day. Where each stood then is
 * its history's last change by that day (every status change is an event, the creation too), and
 * who had the work its last assignment by then. The candidates are the requests made by then that
 * are open now or were changed since (a status change touches the request), so the requests closed
 * long ago are never read; the caller's property and technician scopes apply through row-level
 * security.
 */
export async function readMaintenanceAging(tx: Tx, orgId: string, q: MaintenanceAgingQuery): Promise<MaintenanceAging> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const found = await rowsOf<AgingFound>(tx, openRequestsSql(orgId, asOf, property));
  checkReportRows(tx, found.length);
  const rows = found.map((r) => agingRowOf(r, asOf));
  const tally = agingTally();
  for (const r of rows) tally.add(r);
  return { as_of: asOf, property, rows, ...tally.figures() };
}

/** Open requests of any number as their file, read through a cursor a page at a time (issue 30 item 7). */
export async function streamMaintenanceAging(
  tx: Tx,
  orgId: string,
  q: MaintenanceAgingQuery,
  o: { batchRows: number },
): Promise<ReportDocument> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const tally = agingTally();
  async function* rows() {
    for await (const found of cursorRows<AgingFound>(tx, openRequestsSql(orgId, asOf, property), o.batchRows)) {
      const r = agingRowOf(found, asOf);
      tally.add(r);
      yield r;
    }
  }
  return maintenanceAgingFile({ as_of: asOf, property }, rows(), tally.figures);
}

type AgingFound = RequestColumns & { status: MaintenanceStatus; assigned_to: string | null };

/** The requests open at the end of the day, oldest first (by when made, then number). */
function openRequestsSql(orgId: string, asOf: string, property: { id: string } | null) {
  const end = endOfDaySql(orgId, asOf);
  return sql`
    select * from (
      select ${requestColumnsSql(orgId)}, coalesce(s.to_status, 'new') as status, a.assigned_to
      from maintenance_requests r
      left join lateral (
        select e.to_status from maintenance_request_events e
        where e.organization_id = r.organization_id and e.request_id = r.id and e.changed_at < ${end}
        order by e.changed_at desc, e.id desc limit 1
      ) s on true
      left join lateral (
        select e.assigned_to from maintenance_request_events e
        where e.organization_id = r.organization_id and e.request_id = r.id and e.changed_at < ${end}
          and e.assigned_to is not null
        order by e.changed_at desc, e.id desc limit 1
      ) a on true
      where r.organization_id = ${orgId} ${propertyCondition(property)("r.property_id")}
        and r.created_date < ${end}
        and (r.status not in (${closedStatusList}) or r.last_modified_date >= ${end})
    ) x where status not in (${closedStatusList})
    order by created_on, request_no`;
}

const agingRowOf = (r: AgingFound, asOf: string): MaintenanceAgingRow => ({
  ...requestFactsOf(r),
  status: r.status,
  age_days: daysBetween(r.created_on, asOf),
  days_overdue: Math.max(0, daysBetween(r.due_on, asOf)),
  assigned_to: r.assigned_to === assignmentMessages.unassigned ? null : r.assigned_to,
});

/** The open requests counted by age, priority and status as they pass. */
function agingTally() {
  const ages = noAges();
  const overdueByAge = noAges();
  const byPriority = new Map(
    MAINTENANCE_PRIORITIES.map((p) => [p, { priority: p, open: 0, overdue: 0, ages: noAges() }]),
  );
  const byStatus = new Map<MaintenanceStatus, number>(OPEN_MAINTENANCE_STATUSES.map((s) => [s, 0]));
  return {
    add(r: MaintenanceAgingRow) {
      const bucket = maintenanceAgeBucketOf(r.age_days);
      const p = byPriority.get(r.priority);
      ages[bucket] += 1;
      if (p) {
        p.open += 1;
        p.ages[bucket] += 1;
      }
      if (r.days_overdue > 0) {
        overdueByAge[bucket] += 1;
        if (p) p.overdue += 1;
      }
      byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    },
    figures: (): AgingFigures => ({
      ages,
      overdue_by_age: overdueByAge,
      by_priority: [...byPriority.values()],
      by_status: OPEN_MAINTENANCE_STATUSES.map((status) => ({ status, open: byStatus.get(status) ?? 0 })),
    }),
  };
}
