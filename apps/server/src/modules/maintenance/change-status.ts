import { errorCodes } from "@keyholder/contracts/errors";
import {
  isReopening,
  type MaintenanceRow,
  type MaintenanceStatus,
  type MaintenanceStatusChange,
  maintenanceMessages,
  transitionProblem,
} from "@keyholder/contracts/maintenance";
import { assignmentMessages } from "@keyholder/contracts/maintenance-assignment";
import { workOrderMessages } from "@keyholder/contracts/maintenance-work-orders";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequestEvents, maintenanceRequests } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { readRequest } from "./request-row.ts";
import { revokeVendorLinks } from "./vendor-links.ts";
import { advanceWorkOrder, closeWorkOrder } from "./work-orders.ts";

/**
 * Moves a request to its next status when MAINTENANCE_TRANSITIONS allows it and the request has
 * what the status says (an assignee, a booked time; 409 saying why otherwise), counts a reopening,
 * stamps the completion, and records the change with its note.
 */
export async function changeStatus(
  tx: Tx,
  actor: Actor,
  id: string,
  change: MaintenanceStatusChange,
): Promise<MaintenanceRow> {
  const where = and(eq(maintenanceRequests.organizationId, actor.orgId), eq(maintenanceRequests.id, id));
  // Locked: two people moving one request at once each see the status the other left.
  const [current] = await tx
    .select({
      status: maintenanceRequests.status,
      assignedUserId: maintenanceRequests.assignedUserId,
      vendorId: maintenanceRequests.vendorId,
      scheduledStart: maintenanceRequests.scheduledStart,
    })
    .from(maintenanceRequests)
    .where(where)
    .for("update");
  if (!current) throw notFound(maintenanceMessages.notFound);
  const from = current.status as MaintenanceStatus;
  const problem = transitionProblem(from, change.status, {
    assigned: current.assignedUserId !== null || current.vendorId !== null,
    scheduled: current.scheduledStart !== null,
  });
  if (problem) throw new HttpError(409, errorCodes.conflict, problem, { status: [problem] });
  // Back to New or Triaged, nobody has the work any more (the table's "triaged (unassigned)").
  const unassigns =
    (change.status === "new" || change.status === "triaged") &&
    (current.assignedUserId !== null || current.vendorId !== null);
  const before = unassigns ? await readRequest(tx, id) : null;
  if (unassigns && current.vendorId !== null) await revokeVendorLinks(tx, id);
  await tx
    .update(maintenanceRequests)
    .set({
      status: change.status,
      ...(unassigns ? { assignedUserId: null, vendorId: null, scheduledStart: null, scheduledEnd: null } : {}),
      reopenedCount: isReopening(from, change.status)
        ? sql`${maintenanceRequests.reopenedCount} + 1`
        : maintenanceRequests.reopenedCount,
      completedAt: change.status === "completed" ? sql`now()` : null,
      lastModifiedBy: actor.userId,
      lastModifiedDate: sql`now()`,
    })
    .where(where);
  // The work order in force follows (decision 034, "Work orders"): done with the request, canceled
  // with it or when nobody has the work any more, started with it.
  if (change.status === "completed") await closeWorkOrder(tx, id, "completed", null);
  else if (change.status === "canceled") await closeWorkOrder(tx, id, "canceled", workOrderMessages.requestCanceled);
  else if (unassigns) await closeWorkOrder(tx, id, "canceled", workOrderMessages.unassigned);
  else if (change.status === "in_progress") await advanceWorkOrder(tx, id, "in_progress");
  await tx.insert(maintenanceRequestEvents).values({
    organizationId: actor.orgId,
    requestId: id,
    fromStatus: from,
    toStatus: change.status,
    note: change.note,
    ...(unassigns ? { assignedFrom: before?.assigned_to_name ?? null, assignedTo: assignmentMessages.unassigned } : {}),
    changedBy: actor.userId,
  });
  const saved = await readRequest(tx, id);
  if (!saved) throw notFound(maintenanceMessages.notFound);
  return saved;
}
