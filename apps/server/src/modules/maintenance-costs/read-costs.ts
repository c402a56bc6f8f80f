import { errorCodes } from "@keyholder/contracts/errors";
import { isClosedStatus, type MaintenanceStatus, maintenanceMessages } from "@keyholder/contracts/maintenance";
import {
  type CostKind,
  costMessages,
  costTotals,
  normalQuantity,
  type RequestCosts,
} from "@keyholder/contracts/maintenance-costs";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest, HttpError, notFound } from "../../lib/http-error.ts";
import { isoTimestampSql } from "../../lib/list-sql.ts";
import { rowsOf } from "../maintenance/request-sql.ts";

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The request's cost state as the cost operations read it (locked with `forUpdate`). */
export interface CostRequest {
  id: string;
  requestNo: number;
  title: string;
  status: MaintenanceStatus;
  propertyId: string;
  leaseId: string | null;
  estimateCents: number | null;
  notToExceedCents: number | null;
  billedEntryId: number | null;
  billedCents: number | null;
  billedOn: string | null;
}

/**
 * The request the caller may see (404 otherwise: another organization's, another property's for a
 * scoped user), locked when it is about to change: two people adding lines at once each see the
 * other's total, so the not-to-exceed check and the billing see every line.
 */
export async function findCostRequest(tx: Tx, orgId: string, id: string, forUpdate = false): Promise<CostRequest> {
  const [r] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select id, request_no, title, status, property_id, lease_id, estimate_cents, not_to_exceed_cents,
        billed_entry_id, billed_cents, billed_on::text as billed_on
      from maintenance_requests where organization_id = ${orgId} and id = ${id}
      ${forUpdate ? sql`for update` : sql``}`,
  );
  if (!r) throw notFound(maintenanceMessages.notFound);
  return {
    id: String(r.id),
    requestNo: Number(r.request_no),
    title: String(r.title),
    status: r.status as MaintenanceStatus,
    propertyId: String(r.property_id),
    leaseId: r.lease_id === null ? null : String(r.lease_id),
    estimateCents: num(r.estimate_cents),
    notToExceedCents: num(r.not_to_exceed_cents),
    billedEntryId: num(r.billed_entry_id),
    billedCents: num(r.billed_cents),
    billedOn: r.billed_on === null ? null : String(r.billed_on),
  };
}

/** Costs change on an open request only (409 otherwise: reopen it first). */
export function requireOpen(request: CostRequest) {
  if (isClosedStatus(request.status)) throw new HttpError(409, errorCodes.conflict, costMessages.closed);
}

/** 400 under `work_order_id` unless it is one of the request's work orders (null: none is fine). */
export async function checkWorkOrder(tx: Tx, requestId: string, workOrderId: string | null | undefined) {
  if (!workOrderId) return;
  const [row] = await rowsOf(
    tx,
    sql`select 1 from maintenance_work_orders where request_id = ${requestId} and id = ${workOrderId}`,
  );
  if (!row) throw badRequest(costMessages.workOrder, { work_order_id: [costMessages.workOrder] });
}

/** The total of the request's lines now, in cents. */
export async function linesTotal(tx: Tx, orgId: string, requestId: string): Promise<number> {
  const [row] = await rowsOf<{ total: string | number }>(
    tx,
    sql`select coalesce(sum(amount_cents), 0) as total from maintenance_request_costs
      where organization_id = ${orgId} and request_id = ${requestId}`,
  );
  return Number(row?.total ?? 0);
}

/** A request's costs: its lines (oldest first), totals, limits and the charge billed to the resident. */
export async function readCosts(tx: Tx, orgId: string, id: string): Promise<RequestCosts> {
  const [r] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select r.id, r.status, r.lease_id, l.lease_no, r.estimate_cents, r.not_to_exceed_cents,
        r.billed_entry_id, r.billed_cents, r.billed_on::text as billed_on, r.billed_lease_id
      from maintenance_requests r
      left join leases l on l.organization_id = r.organization_id and l.id = r.lease_id
      where r.organization_id = ${orgId} and r.id = ${id}`,
  );
  if (!r) throw notFound(maintenanceMessages.notFound);
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select c.id, c.kind, c.description, c.quantity::text as quantity, c.rate_cents, c.amount_cents, c.billable,
        c.incurred_on::text as incurred_on, c.work_order_id, ${isoTimestampSql(sql`c.created_date`)} as created_date,
        b.id as bill_id, b.vendor_name, b.reference, b.bill_date::text as bill_date
      from maintenance_request_costs c
      left join lateral (
        -- The bill in force: a cost on a voided bill may be on another since.
        select b.id, b.vendor_name, b.reference, b.bill_date from bill_lines bl
        join bills b on b.organization_id = bl.organization_id and b.id = bl.bill_id and b.void_entry_id is null
        where bl.organization_id = c.organization_id and bl.maintenance_cost_id = c.id
        limit 1
      ) b on true
      where c.organization_id = ${orgId} and c.request_id = ${id}
      order by c.created_date, c.id`,
  );
  const lines = rows.map((l) => ({
    id: String(l.id),
    kind: l.kind as CostKind,
    description: String(l.description),
    quantity: normalQuantity(String(l.quantity)),
    rate_cents: Number(l.rate_cents),
    amount_cents: Number(l.amount_cents),
    billable: l.billable === true || l.billable === "t",
    incurred_on: String(l.incurred_on),
    work_order_id: l.work_order_id === null || l.work_order_id === undefined ? null : String(l.work_order_id),
    created_date: String(l.created_date),
    vendor_bill:
      l.bill_id === null || l.bill_id === undefined
        ? null
        : {
            id: String(l.bill_id),
            vendor_name: String(l.vendor_name),
            reference: l.reference === null ? null : String(l.reference),
            bill_date: String(l.bill_date),
          },
  }));
  return {
    request_id: String(r.id),
    status: String(r.status),
    lease_id: r.lease_id === null ? null : String(r.lease_id),
    lease_no: num(r.lease_no),
    estimate_cents: num(r.estimate_cents),
    not_to_exceed_cents: num(r.not_to_exceed_cents),
    lines,
    totals: costTotals(lines),
    billing:
      r.billed_entry_id === null
        ? null
        : {
            entry_id: Number(r.billed_entry_id),
            billed_cents: Number(r.billed_cents),
            billed_on: String(r.billed_on),
            lease_id: String(r.billed_lease_id),
          },
  };
}
