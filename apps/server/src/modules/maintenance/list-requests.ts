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
import {
  assignedToNameSql,
  locationSql,
  openSql,
  overdueSql,
  recordedByNameSql,
  requestSelect,
  requestsFrom,
  toRequestRow,
} from "./request-row.ts";

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

// Every sort key is a column of maintenance_requests with its index (migration maintenance_requests);
// the names of the property, location, tenant and recorder are joined, shown and filtered only.
const { columns, sortKeys } = listSql(MAINTENANCE_COLUMNS, {
  request_no: { expr: sql`r.request_no`, integer: true },
  title: { expr: sql`r.title` },
  status: labelled(sql`r.status`, MAINTENANCE_STATUSES, MAINTENANCE_STATUS_LABELS),
  priority: labelled(sql`r.priority`, MAINTENANCE_PRIORITIES, MAINTENANCE_PRIORITY_LABELS, sql`r.priority_rank`),
  category: labelled(sql`r.category`, MAINTENANCE_CATEGORIES, MAINTENANCE_CATEGORY_LABELS),
  due_on: { expr: sql`r.due_on`, day: true },
  overdue: flagColumn(overdueSql, { yes: maintenanceMessages.overdue, no: "" }),
  property_name: { expr: sql`p.name` },
  location_name: { expr: locationSql, nullable: true },
  channel: labelled(sql`r.channel`, MAINTENANCE_CHANNELS, MAINTENANCE_CHANNEL_LABELS),
  tenant_name: { expr: sql`t.name`, nullable: true },
  recorded_by_name: { expr: recordedByNameSql, nullable: true },
  assigned_to_name: { expr: assignedToNameSql, nullable: true },
  scheduled_start: { expr: sql`r.scheduled_start`, nullable: true },
  reopened_count: { expr: sql`r.reopened_count`, integer: true },
  created_date: { expr: sql`r.created_date` },
  last_modified_date: { expr: sql`r.last_modified_date` },
});

/**
 * The requests grid's dictionary (maintenance_requests_grid_values_of, migration
 * maintenance_grid_filters): the codes as their labels, the due day, reopenings and the days
 * created and modified. Its counts are the organization's, so the Open and Closed views do without it.
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
  ],
};

/** The columns read through a join (names, and the overdue flag through the organization's today). */
const JOINED = new Set([
  "property_name",
  "location_name",
  "tenant_name",
  "recorded_by_name",
  "assigned_to_name",
  "overdue",
]);
const testsJoins = (q: MaintenanceListQuery) =>
  Object.entries(q.filters).some(([column, text]) => JOINED.has(column) && text) ||
  q.conditions.some((c) => JOINED.has(c.column));

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
    // Deep pages find their keys in the requests alone, unless a filter tests a joined name.
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
