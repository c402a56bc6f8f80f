import { errorCodes } from "@keyholder/contracts/errors";
import { type MaintenanceRow, maintenanceMessages } from "@keyholder/contracts/maintenance";
import {
  isOpenWorkOrder,
  type WorkOrder,
  type WorkOrderStatus,
  type WorkOrderUpdate,
  workOrderMessages,
} from "@keyholder/contracts/maintenance-work-orders";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { readWorkOrder } from "./read-work-orders.ts";
import { readRequest } from "./request-row.ts";
import { rowsOf } from "./request-sql.ts";
import { issueVendorLink, type VendorLinkIssued } from "./vendor-links.ts";

interface LockedOrder {
  status: WorkOrderStatus;
  assignee_kind: "staff" | "vendor";
  vendor_id: string | null;
}

/**
 * The work order of a request, locked with its request (as an assignment locks it), or 404: an
 * unknown id, another request's, another organization's or another property's all read the same.
 * 409 when it is closed: only the order in force is changed.
 */
async function lockOpenOrder(tx: Tx, requestId: string, workOrderId: string): Promise<LockedOrder> {
  const [request] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from maintenance_requests where id = ${requestId} for update`,
  );
  if (!request) throw notFound(maintenanceMessages.notFound);
  const [order] = await rowsOf<LockedOrder>(
    tx,
    sql`select status, assignee_kind, vendor_id from maintenance_work_orders
      where request_id = ${requestId} and id = ${workOrderId} for update`,
  );
  if (!order) throw notFound(workOrderMessages.notFound);
  if (!isOpenWorkOrder(order.status)) throw new HttpError(409, errorCodes.conflict, workOrderMessages.closed);
  return order;
}

const answer = async (tx: Tx, requestId: string, workOrderId: string) => {
  const saved = await readWorkOrder(tx, requestId, workOrderId);
  if (!saved) throw notFound(workOrderMessages.notFound);
  return saved;
};

/** PUT .../work-orders/{workOrderId}: the instructions and the not-to-exceed amount of the order in force. */
export async function updateWorkOrder(
  tx: Tx,
  requestId: string,
  workOrderId: string,
  change: WorkOrderUpdate,
): Promise<WorkOrder> {
  await lockOpenOrder(tx, requestId, workOrderId);
  await tx.execute(
    sql`update maintenance_work_orders set instructions = ${change.instructions},
        not_to_exceed_cents = ${change.not_to_exceed_cents}, updated_at = now()
      where request_id = ${requestId} and id = ${workOrderId}`,
  );
  return answer(tx, requestId, workOrderId);
}

/**
 * A vendor's lost or expired link replaced: the request's open links are revoked (the old token
 * answers 410 from now on) and a new one is issued for the same work order, keeping the vendor's
 * acceptance. The caller emails it after the commit.
 */
export async function resendVendorLink(
  tx: Tx,
  actor: Actor,
  requestId: string,
  workOrderId: string,
): Promise<{ workOrder: WorkOrder; request: MaintenanceRow; link: VendorLinkIssued }> {
  const order = await lockOpenOrder(tx, requestId, workOrderId);
  if (order.assignee_kind !== "vendor" || order.vendor_id === null)
    throw new HttpError(409, errorCodes.conflict, workOrderMessages.notVendor);
  const [accepted] = await rowsOf<{ accepted_at: string | null }>(
    tx,
    sql`select max(accepted_at)::text as accepted_at from maintenance_vendor_links
      where work_order_id = ${workOrderId} and declined_at is null`,
  );
  const link = await issueVendorLink(tx, actor, requestId, order.vendor_id, workOrderId, accepted?.accepted_at ?? null);
  const request = await readRequest(tx, requestId);
  if (!request) throw notFound(maintenanceMessages.notFound);
  return { workOrder: await answer(tx, requestId, workOrderId), request, link };
}
