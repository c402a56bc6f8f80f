import type { ResidentRequest } from "@keyholder/contracts/resident";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

const COLUMNS = sql`r.id, r.request_no, r.title, r.description, r.category, r.priority, r.status, r.due_on::text as due_on,
  to_char(r.scheduled_start at time zone (select o.time_zone from organizations o where o.id = r.organization_id),
    'YYYY-MM-DD"T"HH24:MI') as scheduled_for, r.permission_to_enter, r.pets_present, r.entry_notes, r.preferred_times, r.created_date, r.last_modified_date`;

const toRequest = (r: Record<string, unknown>): ResidentRequest => ({
  id: String(r.id),
  request_no: Number(r.request_no),
  title: String(r.title),
  description: r.description === null ? null : String(r.description),
  category: r.category as ResidentRequest["category"],
  priority: String(r.priority),
  status: r.status as ResidentRequest["status"],
  due_on: String(r.due_on),
  scheduled_for: r.scheduled_for == null ? null : String(r.scheduled_for),
  permission_to_enter: Boolean(r.permission_to_enter),
  pets_present: Boolean(r.pets_present),
  entry_notes: r.entry_notes === null ? null : String(r.entry_notes),
  preferred_times: r.preferred_times === null ? null : String(r.preferred_times),
  created_date: new Date(String(r.created_date)).toISOString(),
  last_modified_date: new Date(String(r.last_modified_date)).toISOString(),
});

async function select(tx: Tx, where: SQL) {
  return rows<Record<string, unknown>>(
    await tx.execute(sql`select ${COLUMNS} from maintenance_requests r where ${where} order by r.request_no desc`),
  ).map(toRequest);
}

/**
 * The maintenance requests of the resident's leases (or of the one asked for), newest first, with what a resident may see
 * (never who recorded it or the staff's notes). Runs as keyholder_resident.
 */
export const listResidentRequests = (tx: Tx, orgId: string, leaseId?: string) =>
  select(
    tx,
    leaseId ? sql`r.organization_id = ${orgId} and r.lease_id = ${leaseId}` : sql`r.organization_id = ${orgId}`,
  );

export async function readResidentRequest(tx: Tx, orgId: string, id: string) {
  const [found] = await select(tx, sql`r.organization_id = ${orgId} and r.id = ${id}`);
  return found ?? null;
}
