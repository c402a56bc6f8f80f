import { daysBetween } from "@keyholder/contracts/civil-date";
import { MAINTENANCE_PRIORITIES } from "@keyholder/contracts/maintenance";
import type {
  CompletionFigures,
  MaintenanceCompletion,
  MaintenanceCompletionRow,
  MaintenanceRangeQuery,
} from "@keyholder/contracts/maintenance-reports";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { cursorRows } from "../../lib/reports/report-cursor.ts";
import type { ReportDocument } from "../../lib/reports/report-document.ts";
import { propertyCondition, reportRangeAndProperty } from "../../lib/reports/report-property.ts";
import { checkReportRows } from "../../lib/reports/report-rows.ts";
import { rowsOf } from "../maintenance/request-sql.ts";
import { type CompletionTotals, maintenanceCompletionFile } from "./maintenance-completion-document.ts";
import {
  endOfDaySql,
  type RequestColumns,
  requestColumnsSql,
  requestDaySql,
  requestFactsOf,
  startOfDaySql,
} from "./maintenance-report-sql.ts";

const noFigures = (): CompletionFigures => ({ completed: 0, on_time: 0, late: 0, total_days: 0 });

function count(f: CompletionFigures, r: MaintenanceCompletionRow) {
  f.completed += 1;
  if (r.days_late > 0) f.late += 1;
  else f.on_time += 1;
  f.total_days += r.days_to_complete;
}

/**
 * GET /reports/maintenance-completion: the requests completed from one day to another (and not
 * reopened since), from the completed requests' (organization, completed_at) index: each one's
 * days from the day it was made to the day it was completed, on time when that day was no later
 * than its due day; and the same counted by priority.
 */
export async function readMaintenanceCompletion(
  tx: Tx,
  orgId: string,
  q: MaintenanceRangeQuery,
): Promise<MaintenanceCompletion> {
  const { from, to, property } = await reportRangeAndProperty(tx, orgId, q);
  const found = await rowsOf<CompletedFound>(tx, completedSql(orgId, from, to, property));
  checkReportRows(tx, found.length);
  const rows = found.map(completionRowOf);
  const tally = completionTally();
  for (const r of rows) tally.add(r);
  return { from, to, property, rows, ...tally.figures() };
}

/** Completed requests of any number as their file, read through a cursor a page at a time (issue 30 item 7). */
export async function streamMaintenanceCompletion(
  tx: Tx,
  orgId: string,
  q: MaintenanceRangeQuery,
  o: { batchRows: number },
): Promise<ReportDocument> {
  const { from, to, property } = await reportRangeAndProperty(tx, orgId, q);
  const tally = completionTally();
  async function* rows() {
    for await (const found of cursorRows<CompletedFound>(tx, completedSql(orgId, from, to, property), o.batchRows)) {
      const r = completionRowOf(found);
      tally.add(r);
      yield r;
    }
  }
  return maintenanceCompletionFile({ from, to, property }, rows(), tally.figures);
}

type CompletedFound = RequestColumns & { completed_on: string; assigned_to: string | null };

function completedSql(orgId: string, from: string, to: string, property: { id: string } | null) {
  return sql`
    select ${requestColumnsSql(orgId)},
      ${requestDaySql(orgId, sql`r.completed_at`)} as completed_on, r.assigned_to_name as assigned_to
    from maintenance_requests r
    where r.organization_id = ${orgId} ${propertyCondition(property)("r.property_id")}
      and r.completed_at >= ${startOfDaySql(orgId, from)}
      and r.completed_at < ${endOfDaySql(orgId, to)} and r.status = 'completed'
    order by r.completed_at, r.request_no`;
}

const completionRowOf = (r: CompletedFound): MaintenanceCompletionRow => ({
  ...requestFactsOf(r),
  completed_on: r.completed_on,
  days_to_complete: Math.max(0, daysBetween(r.created_on, r.completed_on)),
  days_late: Math.max(0, daysBetween(r.due_on, r.completed_on)),
  assigned_to: r.assigned_to,
});

/** The completed requests counted, on time and late, in all and by priority, as they pass. */
function completionTally() {
  const total = noFigures();
  const byPriority = new Map(MAINTENANCE_PRIORITIES.map((p) => [p, { priority: p, ...noFigures() }]));
  return {
    add(r: MaintenanceCompletionRow) {
      count(total, r);
      const p = byPriority.get(r.priority);
      if (p) count(p, r);
    },
    figures: (): CompletionTotals => ({ by_priority: [...byPriority.values()], total }),
  };
}
