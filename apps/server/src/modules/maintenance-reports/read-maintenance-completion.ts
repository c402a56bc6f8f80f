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
import { propertyCondition, reportRangeAndProperty } from "../../lib/reports/report-property.ts";
import { checkReportRows } from "../../lib/reports/report-rows.ts";
import { rowsOf } from "../maintenance/request-sql.ts";
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
  const found = await rowsOf<RequestColumns & { completed_on: string; assigned_to: string | null }>(
    tx,
    sql`
    select ${requestColumnsSql(orgId)},
      ${requestDaySql(orgId, sql`r.completed_at`)} as completed_on, r.assigned_to_name as assigned_to
    from maintenance_requests r
    where r.organization_id = ${orgId} ${propertyCondition(property)("r.property_id")}
      and r.completed_at >= ${startOfDaySql(orgId, from)}
      and r.completed_at < ${endOfDaySql(orgId, to)} and r.status = 'completed'
    order by r.completed_at, r.request_no`,
  );
  checkReportRows(tx, found.length);
  const rows: MaintenanceCompletionRow[] = found.map((r) => ({
    ...requestFactsOf(r),
    completed_on: r.completed_on,
    days_to_complete: Math.max(0, daysBetween(r.created_on, r.completed_on)),
    days_late: Math.max(0, daysBetween(r.due_on, r.completed_on)),
    assigned_to: r.assigned_to,
  }));
  const total = noFigures();
  const byPriority = new Map(MAINTENANCE_PRIORITIES.map((p) => [p, { priority: p, ...noFigures() }]));
  for (const r of rows) {
    count(total, r);
    const p = byPriority.get(r.priority);
    if (p) count(p, r);
  }
  return { from, to, property, rows, by_priority: [...byPriority.values()], total };
}
