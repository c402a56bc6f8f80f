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
import { workOrderMessages } from "@keyholder/contracts/maintenance-work-orders";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequestEvents } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, forbidden, HttpError, notFound } from "../../lib/http-error.ts";
import { candidatesFor, vendorCandidates } from "./assignees.ts";
import { readRequest } from "./request-row.ts";
import { rowsOf } from "./request-sql.ts";
import { issueVendorLink, revokeVendorLinks, type VendorLinkIssued } from "./vendor-links.ts";
import { closeWorkOrder, openWorkOrder, rescheduleWorkOrder, type WorkOrderAssignee } from "./work-orders.ts";

interface Locked {
  status: MaintenanceStatus;
  property_id: string;
  category: string;
  assigned_user_id: number | null;
  vendor_id: string | null;
  assigned_to_name: string | null;
}

/** What an assignment did besides the row: a vendor's insurance warning, and a vendor's new link. */
export interface AssignmentOutcome {
  request: MaintenanceRow;
  warnings: string[];
  /** A vendor newly given the work: their link's token (never stored) and where to send it. */
  vendorLink: VendorLinkIssued | null;
  /** The work order in force after the assignment (null when unassigned). */
  workOrderId: string | null;
}

/**
 * Assigns a request to a staff member who can work it (or unassigns it), books its time in the
 * organization's time zone, and moves its status with it (decision 034): given to someone it is
 * Assigned, with a time Scheduled; taken back it is Triaged; work in progress keeps its status. One
 * history event says both what the status did and who has the work now. Or to a vendor (not by a
 * technician): allowed with an insurance warning, and the vendor gets a link of their own.
 */
export async function assignRequest(
  tx: Tx,
  actor: Actor & { technician: boolean },
  id: string,
  change: MaintenanceAssignment,
): Promise<AssignmentOutcome> {
  // Locked, as a status change: two managers assigning at once each see the other's result.
  const [current] = await rowsOf<Locked>(
    tx,
    sql`select r.status, r.property_id, r.category, r.assigned_user_id, r.vendor_id,
        coalesce((select coalesce(nullif(trim(coalesce(nullif(trim(p.preferred_name), ''), p.first_name || ' ' || p.last_name)), ''), u.username)
          from users u left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
          where u.organization_id = r.organization_id and u.id = r.assigned_user_id),
          (select v.name from vendors v where v.organization_id = r.organization_id and v.id = r.vendor_id)) as assigned_to_name
      from maintenance_requests r where r.id = ${id} for update of r`,
  );
  if (!current) throw notFound(maintenanceMessages.notFound);
  if (isClosedStatus(current.status)) throw new HttpError(409, errorCodes.conflict, assignmentMessages.closed);
  const to = change.assigned_user_id;
  const vendorTo = change.vendor_id;
  if (actor.technician && vendorTo !== null) throw forbidden(assignmentMessages.technicianNoVendor);
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
  const warnings: string[] = [];
  if (vendorTo !== null) {
    const [vendor] = await vendorCandidates(tx, current.category, vendorTo);
    if (!vendor) throw badRequest(assignmentMessages.vendorUnknown, { vendor_id: [assignmentMessages.vendorUnknown] });
    if (vendor.insurance_problem) warnings.push(`${vendor.name}: ${vendor.insurance_problem}`);
    assigneeName = vendor.name;
  }

  const assigned = to !== null || vendorTo !== null;
  const next = statusAfterAssignment(current.status, assigned, change.scheduled_start !== null) ?? current.status;
  // The vendor's link follows the vendor: another assignee (or none) closes the old one, a newly
  // given vendor gets a new one; the same vendor again (a new time) keeps theirs.
  const vendorChanged = current.vendor_id !== vendorTo;
  if (vendorChanged && current.vendor_id !== null) await revokeVendorLinks(tx, id);
  await tx.execute(
    sql`update maintenance_requests r set assigned_user_id = ${to}, vendor_id = ${vendorTo},
        scheduled_start = (${change.scheduled_start}::timestamp at time zone o.time_zone),
        scheduled_end = (${change.scheduled_end}::timestamp at time zone o.time_zone),
        status = ${next}, last_modified_by = ${actor.userId}, last_modified_date = now()
      from organizations o where o.id = r.organization_id and r.id = ${id}`,
  );
  // The work order follows the assignee: a new one for someone new (the one in force canceled),
  // the same one with a new time for the same person (decision 034, "Work orders").
  const assigneeChanged = current.assigned_user_id !== to || current.vendor_id !== vendorTo;
  const assignee: WorkOrderAssignee | null = assigned
    ? { kind: vendorTo !== null ? "vendor" : "staff", userId: to, vendorId: vendorTo, name: assigneeName ?? "" }
    : null;
  let workOrderId: string | null = null;
  if (assigneeChanged) {
    await closeWorkOrder(
      tx,
      id,
      "canceled",
      assignee ? workOrderMessages.reassigned(assignee.name) : workOrderMessages.unassigned,
    );
    if (assignee) workOrderId = await openWorkOrder(tx, actor.userId, id, assignee, change);
  } else if (assignee) workOrderId = await rescheduleWorkOrder(tx, actor.userId, id, assignee);
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
  const vendorLink =
    vendorChanged && vendorTo !== null ? await issueVendorLink(tx, actor, id, vendorTo, workOrderId) : null;
  const saved = await readRequest(tx, id);
  if (!saved) throw notFound(maintenanceMessages.notFound);
  return { request: saved, warnings, vendorLink, workOrderId };
}
