import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_CHANNEL_LABELS,
  MAINTENANCE_CHANNELS,
  MAINTENANCE_COLUMNS,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_PRIORITY_LABELS,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_STATUSES,
  type MaintenanceListQuery,
  maintenanceMessages,
} from "@keyholder/contracts/maintenance";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { flagColumn, listSql, pageOf, type ValueDictionary } from "../../lib/list-sql.ts";
import { openSql, overdueSql, requestSelect, requestsFrom, toRequestRow } from "./request-row.ts";

/** A code column shown as its label, each label with the condition that shows it (as tenants' status). */
function labelled<const C extends string>(
  column: SQL,
  codes: readonly C[],
  labels: Record<C, string>,
  sortBy = column,
) {
  return {
    expr: sql`(case ${column} ${sql.join(
      codes.map((c) => sql`when ${c} then ${labels[c]}`),
      sql` `,
    )} end)`,
    sortBy,
    choices: Object.fromEntries(codes.map((c) => [labels[c], sql`${column} = ${c}`])),
  };
}

// Every sort key is a column of maintenance_requests with its index (migrations maintenance_requests
// and maintenance_request_names): the names of the property, location, reporter, recorder and
// assignee are the request's copies, each with its sort index and trigram index.
const { columns, sortKeys } = listSql(MAINTENANCE_COLUMNS, {
  request_no: { expr: sql`r.request_no`, integer: true },
  title: { expr: sql`r.title` },
  status: labelled(sql`r.status`, MAINTENANCE_STATUSES, MAINTENANCE_STATUS_LABELS),
  priority: labelled(sql`r.priority`, MAINTENANCE_PRIORITIES, MAINTENANCE_PRIORITY_LABELS, sql`r.priority_rank`),
  category: labelled(sql`r.category`, MAINTENANCE_CATEGORIES, MAINTENANCE_CATEGORY_LABELS),
  due_on: { expr: sql`r.due_on`, day: true },
  overdue: flagColumn(overdueSql, { yes: maintenanceMessages.overdue, no: "" }),
  property_name: { expr: sql`r.property_name` },
  location_name: { expr: sql`r.location_name`, nullable: true },
  channel: labelled(sql`r.channel`, MAINTENANCE_CHANNELS, MAINTENANCE_CHANNEL_LABELS),
  tenant_name: { expr: sql`r.tenant_name`, nullable: true },
  recorded_by_name: { expr: sql`r.recorded_by_name`, nullable: true },
  assigned_to_name: { expr: sql`r.assigned_to_name`, nullable: true },
  scheduled_start: { expr: sql`r.scheduled_start`, nullable: true },
  reopened_count: { expr: sql`r.reopened_count`, integer: true },
  created_date: { expr: sql`r.created_date` },
  last_modified_date: { expr: sql`r.last_modified_date` },
});

/**
 * The requests grid's dictionary (maintenance_requests_grid_values_of, migrations
 * maintenance_grid_filters and maintenance_request_names): the codes as their labels, the due day,
 * reopenings, the days created and modified, and the names few requests share (property, location,
 * recorder, assignee). Its counts are the organization's, so the Open and Closed views do without it.
 */
const dictionary: ValueDictionary = {
  table: "maintenance_requests",
  columns: [
    "status",
    "priority",
    "category",
    "channel",
    "due_on",
    "reopened_count",
    "created_date",
    "last_modified_date",
    "property_name",
    "location_name",
    "recorded_by_name",
    "assigned_to_name",
  ],
};

/** The one column read through a join: the overdue flag, through the organization's today. */
const testsJoins = (q: MaintenanceListQuery) =>
  Boolean(q.filters.overdue) || q.conditions.some((c) => c.column === "overdue");

/**
 * One page of the requests grid, sorted and filtered over every request the caller may see; the
 * Open and Closed views keep the requests of those statuses only.
 */
export async function listRequests(tx: Tx, q: MaintenanceListQuery) {
  // A view is a subquery the planner flattens: its condition joins the grid's own filters.
  const base =
    q.view === "open"
      ? sql`(select * from maintenance_requests r where ${openSql})`
      : q.view === "closed"
        ? sql`(select * from maintenance_requests r where not ${openSql})`
        : undefined;
  const { rows, total } = await pageOf(tx, {
    select: requestSelect,
    from: requestsFrom(base),
    // Deep pages find their keys in the requests alone, unless a filter tests the overdue flag.
    keysFrom: testsJoins(q) ? undefined : sql`${base ?? sql`maintenance_requests`} r`,
    columns,
    sortKeys,
    tieBreaker: sql`r.id`,
    tieType: "uuid",
    query: q,
    // Unfiltered, the total is the organization's count kept by triggers (all, open or closed).
    countedTable: q.view ? `maintenance_requests.${q.view}` : "maintenance_requests",
    dictionary: q.view ? undefined : dictionary,
  });
  const requests = rows.map(toRequestRow);
  return { requests, offset: q.offset, count: requests.length, total_count: total };
}
