import { errorCodes } from "@keyholder/contracts/errors";
import {
  isClosedStatus,
  type MaintenanceRow,
  type MaintenanceStatus,
  maintenanceMessages,
} from "@keyholder/contracts/maintenance";
import {
  assignmentMessages,
  type MaintenanceAssignment,
  statusAfterAssignment,
} from "@keyholder/contracts/maintenance-assignment";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequestEvents } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http-error.ts";
import { candidatesFor } from "./assignees.ts";
import { readRequest } from "./request-row.ts";
import { rowsOf } from "./request-sql.ts";

interface Locked {
  status: MaintenanceStatus;
  property_id: string;
  assigned_to_name: string | null;
}

/**
 * Assigns a request to a staff member who can work it (or unassigns it), books its time in the
 * organization's time zone, and moves its status with it (decision 034): given to someone it is
 * Assigned, with a time Scheduled; taken back it is Triaged; work in progress keeps its status. One
 * history event says both what the status did and who has the work now.
 */
export async function assignRequest(
  tx: Tx,
  actor: Actor & { technician: boolean },
  id: string,
  change: MaintenanceAssignment,
): Promise<MaintenanceRow> {
  // Locked, as a status change: two managers assigning at once each see the other's result.
  const [current] = await rowsOf<Locked>(
    tx,
    sql`select r.status, r.property_id,
        (select coalesce(nullif(trim(coalesce(nullif(trim(p.preferred_name), ''), p.first_name || ' ' || p.last_name)), ''), u.username)
          from users u left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
          where u.organization_id = r.organization_id and u.id = r.assigned_user_id) as assigned_to_name
      from maintenance_requests r where r.id = ${id} for update of r`,
  );
  if (!current) throw notFound(maintenanceMessages.notFound);
  if (isClosedStatus(current.status)) throw new HttpError(409, errorCodes.conflict, assignmentMessages.closed);
  const to = change.assigned_user_id;
  if (actor.technician && to !== null && to !== actor.userId) throw forbidden(assignmentMessages.technicianOwnOnly);

  let assigneeName: string | null = null;
  if (to !== null) {
    const [who] = await candidatesFor(tx, current.property_id, to);
    const refuse = (message: string) => badRequest(message, { assigned_user_id: [message] });
    if (!who) throw refuse(assignmentMessages.assigneeUnknown);
    if (!who.can_work) throw refuse(assignmentMessages.assigneeCannotWork(who.name));
    if (!who.works_on_property) throw refuse(assignmentMessages.assigneeNotOnProperty(who.name));
    if (!who.enabled) throw refuse(assignmentMessages.assigneeDisabled(who.name));
    assigneeName = who.name;
  }

  const next = statusAfterAssignment(current.status, to !== null, change.scheduled_start !== null) ?? current.status;
  await tx.execute(
    sql`update maintenance_requests r set assigned_user_id = ${to},
        scheduled_start = (${change.scheduled_start}::timestamp at time zone o.time_zone),
        scheduled_end = (${change.scheduled_end}::timestamp at time zone o.time_zone),
        status = ${next}, last_modified_by = ${actor.userId}, last_modified_date = now()
      from organizations o where o.id = r.organization_id and r.id = ${id}`,
  );
  const reassigned = (current.assigned_to_name ?? null) !== assigneeName;
  await tx.insert(maintenanceRequestEvents).values({
    organizationId: actor.orgId,
    requestId: id,
    fromStatus: current.status,
    toStatus: next,
    note: change.note,
    assignedFrom: reassigned ? (current.assigned_to_name ?? assignmentMessages.unassigned) : null,
    assignedTo: reassigned ? (assigneeName ?? assignmentMessages.unassigned) : null,
    changedBy: actor.userId,
  });
  const saved = await readRequest(tx, id);
  if (!saved) throw notFound(maintenanceMessages.notFound);
  return saved;
}
