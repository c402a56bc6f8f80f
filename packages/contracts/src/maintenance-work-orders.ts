import { z } from "zod";
import { maintenanceIdSchema } from "./maintenance.ts";
import { MAX_COST_LIMIT_CENTS } from "./maintenance-costs.ts";
import { optionalText } from "./text.ts";

/**
 * Work orders (issue 28 item 1, decision 034 "Work orders"): one dispatch of a maintenance
 * request. Each time a request is given to someone (a staff member or a vendor) a work order is
 * made under it, numbered per request ("WO 42-1", "WO 42-2"), with what the assignee is to do,
 * the booked time and an optional not-to-exceed amount. Reassigning or unassigning cancels the
 * open one; a vendor's decline marks it declined; completing the request (or the vendor marking
 * the work done) completes it.
 */
export const WORK_ORDER_STATUSES = ["open", "accepted", "in_progress", "completed", "declined", "canceled"] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatus, string> = {
  open: "Open",
  accepted: "Accepted",
  in_progress: "In Progress",
  completed: "Completed",
  declined: "Declined",
  canceled: "Canceled",
};
/** The statuses of the work order in force (at most one per request); the others are closed. */
export const OPEN_WORK_ORDER_STATUSES = [
  "open",
  "accepted",
  "in_progress",
] as const satisfies readonly WorkOrderStatus[];
export const isOpenWorkOrder = (s: WorkOrderStatus) => (OPEN_WORK_ORDER_STATUSES as readonly string[]).includes(s);

export const WORK_ORDER_INSTRUCTIONS_MAX = 4000;

/** "WO 42-2": request 42's second work order. */
export const workOrderLabel = (requestNo: number, workOrderNo: number) => `WO ${requestNo}-${workOrderNo}`;

export const workOrderMessages = {
  notFound: "Work order not found",
  closed: "This work order is closed: only the open one can be changed",
  notVendor: "This work order is a staff member's: only a vendor's has a link",
  nteInvalid: "Enter an amount in dollars and cents",
  /** The reason a reassignment gives the work order it replaces. */
  reassigned: (name: string) => `Reassigned to ${name}`,
  unassigned: "Unassigned",
  requestCanceled: "Request canceled",
  linkResent: (name: string) => `A new link was emailed to ${name}; the old one no longer works.`,
  linkNoEmail: (name: string) => `${name} has no email on file: copy the new link below and share it with them.`,
} as const;

export const workOrderParamsSchema = z.object({
  id: maintenanceIdSchema,
  workOrderId: z.uuid(workOrderMessages.notFound),
});

export const workOrderSchema = z.object({
  id: z.string(),
  request_id: z.string(),
  request_no: z.number().int(),
  work_order_no: z.number().int(),
  /** "WO 42-2". */
  label: z.string(),
  assignee_kind: z.enum(["staff", "vendor"]),
  assigned_user_id: z.number().int().nullable(),
  vendor_id: z.string().nullable(),
  /** The assignee's name when the order was written. */
  assignee_name: z.string(),
  instructions: z.string().nullable(),
  /** The organization's local time, `YYYY-MM-DDTHH:MM`, as the request's. */
  scheduled_start: z.string().nullable(),
  scheduled_end: z.string().nullable(),
  not_to_exceed_cents: z.number().int().nullable(),
  status: z.enum(WORK_ORDER_STATUSES),
  /** Why it closed without being done ("Reassigned to Rapid Rooter", "Unassigned", a decline's reason). */
  close_reason: z.string().nullable(),
  /** The total of the request's cost lines tied to this work order. */
  cost_total_cents: z.number().int(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

export const workOrderListSchema = z.object({ work_orders: z.array(workOrderSchema) });
export const workOrderResponseSchema = z.object({ work_order: workOrderSchema });

/** PUT .../work-orders/{workOrderId}: what the assignee is to do and the most it may cost (null: none). */
export const workOrderUpdateSchema = z.object({
  instructions: optionalText(WORK_ORDER_INSTRUCTIONS_MAX),
  not_to_exceed_cents: z
    .number({ error: workOrderMessages.nteInvalid })
    .int(workOrderMessages.nteInvalid)
    .min(0, workOrderMessages.nteInvalid)
    .max(MAX_COST_LIMIT_CENTS, workOrderMessages.nteInvalid)
    .nullable(),
});
export type WorkOrderUpdate = z.output<typeof workOrderUpdateSchema>;
export type WorkOrderUpdateInput = z.input<typeof workOrderUpdateSchema>;

/** POST .../work-orders/{workOrderId}/vendor-link: a new link for the vendor, the old one revoked. */
export const workOrderLinkResponseSchema = z.object({
  work_order: workOrderSchema,
  /** Shown once to the staff: the link to share when the vendor has no email. */
  vendor_link: z.object({ url: z.string(), emailed: z.boolean(), expires_at: z.string() }),
});
export type WorkOrderLinkResponse = z.infer<typeof workOrderLinkResponseSchema>;
