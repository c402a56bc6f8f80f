import type { MaintenanceCategory, MaintenancePriority } from "@keyholder/contracts/maintenance";
import { CLOSED_MAINTENANCE_STATUSES } from "@keyholder/contracts/maintenance";
import { type SQL, sql } from "drizzle-orm";

/** The organization's time zone: a subquery the planner runs once per statement. */
const zoneOf = (orgId: string) => sql`(select o.time_zone from organizations o where o.id = ${orgId})`;

/** The instant a civil day of the organization ends (its next midnight): what happened before it happened by that day. */
export const endOfDaySql = (orgId: string, day: string) =>
  sql`((${day}::date + 1)::timestamp at time zone ${zoneOf(orgId)})`;

/** The instant a civil day of the organization begins (its midnight). */
export const startOfDaySql = (orgId: string, day: string) =>
  sql`(${day}::date::timestamp at time zone ${zoneOf(orgId)})`;

/** The organization's civil day of an instant, as text. */
export const requestDaySql = (orgId: string, instant: SQL) =>
  sql`(${instant} at time zone ${zoneOf(orgId)})::date::text`;

export const closedStatusList = sql.raw(CLOSED_MAINTENANCE_STATUSES.map((s) => `'${s}'`).join(", "));

/** What the request reports read of each request (`r`), with the day it was made in the organization's time zone. */
export const requestColumnsSql = (orgId: string) =>
  sql`r.id, r.request_no, r.title, r.property_id, r.property_name, r.location_name, r.category, r.priority,
    ${requestDaySql(orgId, sql`r.created_date`)} as created_on, r.due_on::text`;

export interface RequestColumns {
  id: string;
  request_no: string;
  title: string;
  property_id: string;
  property_name: string;
  location_name: string | null;
  category: MaintenanceCategory;
  priority: MaintenancePriority;
  created_on: string;
  due_on: string;
}

/** A request as the reports show it (the contracts' request fields), from those columns. */
export const requestFactsOf = (r: RequestColumns) => ({
  request: { id: r.id, request_no: Number(r.request_no) },
  title: r.title,
  property: { id: r.property_id, name: r.property_name },
  location_name: r.location_name,
  category: r.category,
  priority: r.priority,
  created_on: r.created_on,
  due_on: r.due_on,
});
