import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_CHANNELS,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  type MaintenanceRow,
} from "@keyholder/contracts/maintenance";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { currentOrg } from "../../db/schema/common.ts";
import { isoTimestampSql, nullableNumber, rowOf } from "../../lib/list-sql.ts";

/** Closed statuses never show as overdue (decision 034). */
export const openSql = sql`r.status not in ('completed', 'canceled')`;
/** Open and past its due day, the day being the organization's (org_day, joined in `requestsFrom`). */
export const overdueSql = sql`(${openSql} and r.due_on < org_day.today)`;

/**
 * What a person reads as a user's name: their preferred name, else their full name, else the login.
 * The requests keep the recorder's and assignee's this way (maintenance_user_name, migration
 * maintenance_request_names).
 */
const userNameSql = (user: string, person: string) => {
  const [u, p] = [sql.raw(user), sql.raw(person)];
  return sql`case when ${u}.id is null then null else coalesce(nullif(trim(coalesce(nullif(trim(${p}.preferred_name), ''),
  ${p}.first_name || ' ' || ${p}.last_name)), ''), ${u}.username) end`;
};
/** A staff member's name (the assignees list). */
export const staffNameSql = userNameSql("au", "ap");

/** A booked time as the organization reads it: its local date and time, to the minute. */
const localTimeSql = (column: SQL) => sql`to_char(${column} at time zone org_day.time_zone, 'YYYY-MM-DD"T"HH24:MI')`;

/**
 * A request with what it shows beside its own columns: the building, unit and zone apart, the
 * lease's number and the vendor's name, and the organization's today, which its overdue flag is
 * judged on. The names the grid sorts and filters by (property, location, reporter, recorder,
 * assignee) are the request's own copies, kept by triggers (migration maintenance_request_names).
 * `base`: the requests table or a subquery of it.
 */
export const requestsFrom = (base: SQL = sql`maintenance_requests`) => sql`${base} r
  cross join (select (now() at time zone o.time_zone)::date as today, o.time_zone from organizations o
    where o.id = ${currentOrg}) org_day
  left join buildings b on b.organization_id = r.organization_id and b.id = r.building_id
  left join units u on u.organization_id = r.organization_id and u.unit_id = r.unit_id
  left join zones z on z.organization_id = r.organization_id and z.id = r.zone_id
  left join leases l on l.organization_id = r.organization_id and l.id = r.lease_id
  left join vendors ve on ve.organization_id = r.organization_id and ve.id = r.vendor_id`;

export const requestSelect = sql`r.id, r.request_no, r.title, r.description, r.status, r.priority, r.category,
  r.channel, r.property_id, r.property_name, r.building_id, b.name as building_name,
  r.unit_id, u.unit_number as unit_name, r.zone_id, z.name as zone_name, r.location_name,
  r.due_on::text as due_on, ${overdueSql} as overdue, r.permission_to_enter, r.pets_present, r.entry_notes,
  r.preferred_times, r.lease_id, l.lease_no, r.tenant_id, r.tenant_name,
  r.recorded_by as recorded_by_id, r.recorded_by_name,
  r.assigned_user_id, r.assigned_to_name, r.vendor_id, ve.name as vendor_name,
  case when r.vendor_id is null then null else (select ${isoTimestampSql(sql`vl.accepted_at`)} from maintenance_vendor_links vl
    where vl.organization_id = r.organization_id and vl.request_id = r.id and vl.vendor_id = r.vendor_id
      and vl.revoked_at is null and vl.declined_at is null order by vl.created_at desc limit 1) end as vendor_accepted_at,
  ${localTimeSql(sql`r.scheduled_start`)} as scheduled_start, ${localTimeSql(sql`r.scheduled_end`)} as scheduled_end,
  r.reopened_count, ${isoTimestampSql(sql`r.completed_at`)} as completed_at,
  r.created_by, ${isoTimestampSql(sql`r.created_date`)} as created_date,
  r.last_modified_by, ${isoTimestampSql(sql`r.last_modified_date`)} as last_modified_date`;

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  (values as readonly string[]).includes(String(v)) ? (v as T) : fallback;

export function toRequestRow(r: Record<string, unknown>): MaintenanceRow {
  return {
    id: String(r.id),
    request_no: Number(r.request_no),
    title: String(r.title),
    description: text(r.description),
    status: oneOf(MAINTENANCE_STATUSES, r.status, "new"),
    priority: oneOf(MAINTENANCE_PRIORITIES, r.priority, "normal"),
    category: oneOf(MAINTENANCE_CATEGORIES, r.category, "other"),
    channel: oneOf(MAINTENANCE_CHANNELS, r.channel, "internal"),
    property_id: String(r.property_id),
    property_name: String(r.property_name ?? ""),
    building_id: nullableNumber(r.building_id),
    building_name: text(r.building_name),
    unit_id: nullableNumber(r.unit_id),
    unit_name: text(r.unit_name),
    zone_id: nullableNumber(r.zone_id),
    zone_name: text(r.zone_name),
    location_name: text(r.location_name),
    due_on: String(r.due_on),
    overdue: r.overdue === true || r.overdue === "t",
    permission_to_enter: r.permission_to_enter === true || r.permission_to_enter === "t",
    pets_present: r.pets_present === true || r.pets_present === "t",
    entry_notes: text(r.entry_notes),
    preferred_times: text(r.preferred_times),
    lease_id: text(r.lease_id),
    lease_no: nullableNumber(r.lease_no),
    tenant_id: text(r.tenant_id),
    tenant_name: text(r.tenant_name),
    recorded_by_id: nullableNumber(r.recorded_by_id),
    recorded_by_name: text(r.recorded_by_name),
    assigned_user_id: nullableNumber(r.assigned_user_id),
    assigned_to_name: text(r.assigned_to_name),
    vendor_id: text(r.vendor_id),
    vendor_name: text(r.vendor_name),
    vendor_accepted_at: text(r.vendor_accepted_at),
    scheduled_start: text(r.scheduled_start),
    scheduled_end: text(r.scheduled_end),
    reopened_count: Number(r.reopened_count ?? 0),
    completed_at: text(r.completed_at),
    created_by: nullableNumber(r.created_by),
    created_date: String(r.created_date),
    last_modified_by: nullableNumber(r.last_modified_by),
    last_modified_date: String(r.last_modified_date),
  };
}

/** One request as the grid shows it, or null when the caller cannot see it (another organization's, another property's). */
export async function readRequest(tx: Tx, id: string): Promise<MaintenanceRow | null> {
  const row = await rowOf(tx, { select: requestSelect, from: requestsFrom(), key: sql`r.id`, id });
  return row ? toRequestRow(row) : null;
}
