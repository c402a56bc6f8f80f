import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { auditColumns, organizationId, tenantPolicy } from "./common.ts";
import { maintenanceRequests, maintenanceWorkOrders } from "./maintenance.ts";

/**
 * A maintenance request's cost lines (issue 28 item 5, decision 034): labor, material or other,
 * a quantity (hours 1.5) at a rate, the amount computed once per line (half up) by the contracts'
 * costLineCents and checked here, billable to the resident or not. A user who works on some
 * properties reads the lines of the requests they see (a policy through the request, migration
 * maintenance_costs), so a request moved to another property takes its costs along.
 */
export const maintenanceRequestCosts = pgTable(
  "maintenance_request_costs",
  {
    organizationId: organizationId(),
    id: uuid("id").notNull().defaultRandom(),
    requestId: uuid("request_id").notNull(),
    /** The work order the cost belongs to (decision 034, "Work orders"), null for the request at large. */
    workOrderId: uuid("work_order_id"),
    kind: text("kind").notNull(),
    description: text("description").notNull(),
    quantity: numeric("quantity", { precision: 9, scale: 2 }).notNull(),
    rateCents: bigint("rate_cents", { mode: "number" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    billable: boolean("billable").notNull().default(false),
    /** The day of the work in the organization's time zone: what the per-property totals span. */
    incurredOn: date("incurred_on", { mode: "string" }).notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("maintenance_request_costs_org_request_idx").on(t.organizationId, t.requestId),
    // The per-property totals of a span of days start from the lines of those days.
    index("maintenance_request_costs_org_incurred_idx").on(t.organizationId, t.incurredOn),
    // A work order's cost total.
    index("maintenance_request_costs_org_work_order_idx")
      .on(t.organizationId, t.workOrderId)
      .where(sql`work_order_id is not null`),
    foreignKey({
      columns: [t.organizationId, t.requestId],
      foreignColumns: [maintenanceRequests.organizationId, maintenanceRequests.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.workOrderId],
      foreignColumns: [maintenanceWorkOrders.organizationId, maintenanceWorkOrders.id],
    }).onDelete("cascade"),
    check("maintenance_request_costs_kind_check", sql`kind in ('labor', 'material', 'other')`),
    check("maintenance_request_costs_quantity_check", sql`quantity > 0`),
    check("maintenance_request_costs_rate_check", sql`rate_cents >= 0`),
    // Once per line, half up (round of a non-negative numeric): the contracts' costLineCents.
    check("maintenance_request_costs_amount_check", sql`amount_cents = round(quantity * rate_cents)`),
    check("maintenance_request_costs_description_check", sql`length(trim(description)) > 0`),
    tenantPolicy(),
  ],
);

export type MaintenanceRequestCostRow = typeof maintenanceRequestCosts.$inferSelect;
