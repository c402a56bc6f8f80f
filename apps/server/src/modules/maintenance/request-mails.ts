import {
  MAINTENANCE_CATEGORY_LABELS,
  MAINTENANCE_PRIORITY_LABELS,
  type MaintenanceRow,
} from "@keyholder/contracts/maintenance";
import { formatVisit } from "@keyholder/contracts/maintenance-assignment";
import { workspacePathOf } from "@keyholder/contracts/notices";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { MailMessage } from "../../lib/mail/mailer.ts";
import { rowsOf } from "./request-sql.ts";

/** The roles told about a new emergency: those who manage the property, not everyone who works it. */
const MANAGERS = ["ADMIN", "PROPERTY_MANAGER"];

export const linkOf = (r: MaintenanceRow, baseUrl: string) =>
  `${baseUrl}${workspacePathOf({ type: "maintenance_request", id: r.id })}`;
const where = (r: MaintenanceRow) => [r.property_name, r.location_name].filter(Boolean).join(", ");

/** The addresses of the managers who work on a property and can sign in, but the one who acted. */
export async function managersOf(tx: Tx, propertyId: string, exceptUserId: number): Promise<string[]> {
  const rows = await rowsOf<{ username: string }>(
    tx,
    sql`select u.username from users u join roles ro on ro.id = u.role_id
      where u.enabled and not u.locked and not u.banned and not u.waitlisted and u.id <> ${exceptUserId}
        and ro.name in (${sql.join(
          MANAGERS.map((m) => sql`${m}`),
          sql`, `,
        )})
        and (ro.name = 'ADMIN' or u.all_properties or exists (select 1 from user_properties up
          where up.organization_id = u.organization_id and up.user_id = u.id and up.property_id = ${propertyId}))
        and position('@' in u.username) > 1
      order by u.id`,
  );
  return rows.map((r) => r.username);
}

/** The address of a user who can sign in, or null (no address, disabled, or the one who acted). */
export async function addressOf(tx: Tx, userId: number, exceptUserId: number): Promise<string | null> {
  const [row] = await rowsOf<{ username: string }>(
    tx,
    sql`select username from users where id = ${userId} and id <> ${exceptUserId}
      and enabled and not locked and not banned and position('@' in username) > 1`,
  );
  return row?.username ?? null;
}

/** An emergency just recorded (or raised to one): to each manager of the property, with its link. */
export function emergencyMails(r: MaintenanceRow, to: readonly string[], baseUrl: string): MailMessage[] {
  const text = [
    `An emergency maintenance request was recorded at ${where(r)}.`,
    "",
    `#${r.request_no} ${r.title}`,
    `Category: ${MAINTENANCE_CATEGORY_LABELS[r.category]}`,
    ...(r.description ? ["", r.description] : []),
    ...(r.tenant_name ? ["", `Reported by ${r.tenant_name}.`] : []),
    "",
    "Open it in Keyholder:",
    linkOf(r, baseUrl),
  ].join("\n");
  return to.map((address) => ({ to: address, subject: `Emergency: ${r.title} (${r.property_name})`, text }));
}

/** Work given to someone: what, where, how urgent, when, how to get in, and the link. */
export function assignmentMail(r: MaintenanceRow, to: string, baseUrl: string): MailMessage {
  const visit = formatVisit(r.scheduled_start, r.scheduled_end);
  const text = [
    `You have been assigned maintenance request #${r.request_no} at ${where(r)}.`,
    "",
    r.title,
    `Priority: ${MAINTENANCE_PRIORITY_LABELS[r.priority]}, due ${r.due_on}`,
    ...(visit ? [`Booked: ${visit}`] : []),
    `Permission to enter: ${r.permission_to_enter ? "yes" : "no"}${r.pets_present ? "; pets present" : ""}`,
    ...(r.entry_notes ? [`Entry notes: ${r.entry_notes}`] : []),
    ...(r.description ? ["", r.description] : []),
    "",
    "Open it in Keyholder:",
    linkOf(r, baseUrl),
  ].join("\n");
  return { to, subject: `Assigned to you: ${r.title} (${r.property_name})`, text };
}
