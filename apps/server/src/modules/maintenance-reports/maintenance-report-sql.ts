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
