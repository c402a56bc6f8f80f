import type { WorkOrderStatus } from "@keyholder/contracts/maintenance-work-orders";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { rowsOf } from "./request-sql.ts";

/**
 * The life of a request's work orders (decision 034, "Work orders"): one is made each time the
 * request is given to someone, and the one in force (open, accepted or in progress; at most one, a
 * unique index) follows what happens to the request. Called inside the request's row lock.
 */

const OPEN = sql`status in ('open', 'accepted', 'in_progress')`;

export interface WorkOrderAssignee {
  kind: "staff" | "vendor";
  userId: number | null;
  vendorId: string | null;
  name: string;
}

/**
 * A new work order for the request's new assignee, numbered after its others, with the request's
 * booked time (as just saved) and its title as the instructions unless others are given.
 */
export async function openWorkOrder(
  tx: Tx,
  createdBy: number | null,
  requestId: string,
  assignee: WorkOrderAssignee,
  order: { instructions?: string | null | undefined; not_to_exceed_cents?: number | null | undefined } = {},
): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into maintenance_work_orders (organization_id, request_id, work_order_no, assignee_kind,
        assigned_user_id, vendor_id, assignee_name, instructions, scheduled_start, scheduled_end,
        not_to_exceed_cents, created_by)
      select r.organization_id, r.id,
        coalesce((select max(w.work_order_no) from maintenance_work_orders w
          where w.organization_id = r.organization_id and w.request_id = r.id), 0) + 1,
        ${assignee.kind}, ${assignee.userId}, ${assignee.vendorId}, ${assignee.name},
        coalesce(${order.instructions ?? null}::text, left(r.title, 4000)), r.scheduled_start, r.scheduled_end,
        ${order.not_to_exceed_cents ?? null}::bigint, ${createdBy}
      from maintenance_requests r where r.id = ${requestId}
      returning id`,
  );
  if (!row) throw new Error("work order not made: request not found");
  return row.id;
}

/** Closes the request's work order in force (if any) as completed, declined or canceled, with why. */
export async function closeWorkOrder(
  tx: Tx,
  requestId: string,
  status: Extract<WorkOrderStatus, "completed" | "declined" | "canceled">,
  reason: string | null,
) {
  await tx.execute(
    sql`update maintenance_work_orders set status = ${status}, close_reason = ${reason}, closed_at = now(),
        updated_at = now()
      where request_id = ${requestId} and ${OPEN}`,
  );
}

/** The work order in force moves on (accepted by the vendor, work started); never backwards. */
export async function advanceWorkOrder(tx: Tx, requestId: string, status: "accepted" | "in_progress") {
  const from = status === "accepted" ? sql`status = 'open'` : sql`status in ('open', 'accepted')`;
  await tx.execute(
    sql`update maintenance_work_orders set status = ${status}, updated_at = now()
      where request_id = ${requestId} and ${from}`,
  );
}

/**
 * The same assignee booked again: the order in force takes the request's new time. A request given
 * before work orders existed (or whose order was lost) gets one now, so there is always one.
 */
export async function rescheduleWorkOrder(
  tx: Tx,
  createdBy: number | null,
  requestId: string,
  assignee: WorkOrderAssignee,
) {
  const moved = await rowsOf<{ id: string }>(
    tx,
    sql`update maintenance_work_orders w set scheduled_start = r.scheduled_start, scheduled_end = r.scheduled_end,
        updated_at = now()
      from maintenance_requests r
      where r.organization_id = w.organization_id and r.id = w.request_id and w.request_id = ${requestId}
        and w.status in ('open', 'accepted', 'in_progress')
      returning w.id`,
  );
  return moved[0]?.id ?? (await openWorkOrder(tx, createdBy, requestId, assignee));
}

/** The id of the request's work order in force, if any. */
export async function openWorkOrderId(tx: Tx, requestId: string): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from maintenance_work_orders where request_id = ${requestId} and ${OPEN}`,
  );
  return row?.id ?? null;
}
