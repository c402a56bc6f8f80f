import {
  WORK_ORDER_STATUSES,
  type WorkOrder,
  type WorkOrderStatus,
  workOrderLabel,
} from "@keyholder/contracts/maintenance-work-orders";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { isoTimestampSql, nullableNumber } from "../../lib/list-sql.ts";
import { rowsOf } from "./request-sql.ts";

const local = (column: SQL) => sql`to_char(${column} at time zone o.time_zone, 'YYYY-MM-DD"T"HH24:MI')`;

/** A request's work orders with the request's number, local times and the cost lines' total. */
const selectWorkOrders = (where: SQL) => sql`select w.id, w.request_id, r.request_no, w.work_order_no, w.assignee_kind,
    w.assigned_user_id, w.vendor_id, w.assignee_name, w.instructions,
    ${local(sql`w.scheduled_start`)} as scheduled_start, ${local(sql`w.scheduled_end`)} as scheduled_end,
    w.not_to_exceed_cents, w.status, w.close_reason,
    (select coalesce(sum(c.amount_cents), 0) from maintenance_request_costs c
      where c.organization_id = w.organization_id and c.work_order_id = w.id) as cost_total_cents,
    w.created_by, ${isoTimestampSql(sql`w.created_at`)} as created_at, ${isoTimestampSql(sql`w.updated_at`)} as updated_at,
    ${isoTimestampSql(sql`w.closed_at`)} as closed_at
  from maintenance_work_orders w
  join maintenance_requests r on r.organization_id = w.organization_id and r.id = w.request_id
  join organizations o on o.id = w.organization_id
  where ${where}
  order by w.work_order_no desc`;

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function toWorkOrder(r: Record<string, unknown>): WorkOrder {
  const requestNo = Number(r.request_no);
  const no = Number(r.work_order_no);
  const status = (WORK_ORDER_STATUSES as readonly string[]).includes(String(r.status))
    ? (r.status as WorkOrderStatus)
    : "canceled";
  return {
    id: String(r.id),
    request_id: String(r.request_id),
    request_no: requestNo,
    work_order_no: no,
    label: workOrderLabel(requestNo, no),
    assignee_kind: r.assignee_kind === "vendor" ? "vendor" : "staff",
    assigned_user_id: nullableNumber(r.assigned_user_id),
    vendor_id: text(r.vendor_id),
    assignee_name: String(r.assignee_name),
    instructions: text(r.instructions),
    scheduled_start: text(r.scheduled_start),
    scheduled_end: text(r.scheduled_end),
    not_to_exceed_cents: nullableNumber(r.not_to_exceed_cents),
    status,
    close_reason: text(r.close_reason),
    cost_total_cents: Number(r.cost_total_cents ?? 0),
    created_by: nullableNumber(r.created_by),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
    closed_at: text(r.closed_at),
  };
}

/** A request's work orders, newest first (empty when the caller cannot see the request). */
export async function listWorkOrders(tx: Tx, requestId: string): Promise<WorkOrder[]> {
  const rows = await rowsOf<Record<string, unknown>>(tx, selectWorkOrders(sql`w.request_id = ${requestId}`));
  return rows.map(toWorkOrder);
}

/** One work order of a request, or null (unknown, another request's, or not the caller's to see). */
export async function readWorkOrder(tx: Tx, requestId: string, workOrderId: string): Promise<WorkOrder | null> {
  const [row] = await rowsOf<Record<string, unknown>>(
    tx,
    selectWorkOrders(sql`w.request_id = ${requestId} and w.id = ${workOrderId}`),
  );
  return row ? toWorkOrder(row) : null;
}
