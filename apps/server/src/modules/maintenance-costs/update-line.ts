import {
  type CostLine,
  costLineCents,
  costMessages,
  normalQuantity,
  type RequestCosts,
} from "@keyholder/contracts/maintenance-costs";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequestCosts } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { incurredOn } from "./add-line.ts";
import { holdIfOverLimit } from "./cost-hold.ts";
import { checkWorkOrder, findCostRequest, linesTotal, readCosts, requireOpen } from "./read-costs.ts";

const lineOf = (orgId: string, requestId: string, lineId: string) =>
  and(
    eq(maintenanceRequestCosts.organizationId, orgId),
    eq(maintenanceRequestCosts.requestId, requestId),
    eq(maintenanceRequestCosts.id, lineId),
  );

/** Saves a cost line of an open request (404 for a line of another request); over the limit, On Hold. */
export async function updateLine(
  tx: Tx,
  actor: Actor,
  requestId: string,
  lineId: string,
  line: CostLine,
): Promise<RequestCosts> {
  const request = await findCostRequest(tx, actor.orgId, requestId, true);
  requireOpen(request);
  await checkWorkOrder(tx, requestId, line.work_order_id);
  const before = await linesTotal(tx, actor.orgId, requestId);
  const saved = await tx
    .update(maintenanceRequestCosts)
    .set({
      kind: line.kind,
      description: line.description,
      quantity: normalQuantity(line.quantity),
      rateCents: line.rate_cents,
      amountCents: costLineCents(line.quantity, line.rate_cents),
      billable: line.billable,
      ...(line.work_order_id !== undefined ? { workOrderId: line.work_order_id } : {}),
      ...(line.incurred_on ? { incurredOn: incurredOn(actor.orgId, line.incurred_on) } : {}),
      lastModifiedBy: actor.userId,
      lastModifiedDate: sql`now()`,
    })
    .where(lineOf(actor.orgId, requestId, lineId))
    .returning({ id: maintenanceRequestCosts.id });
  if (saved.length === 0) throw notFound(costMessages.lineNotFound);
  await holdIfOverLimit(tx, actor, request, before, request.notToExceedCents);
  return readCosts(tx, actor.orgId, requestId);
}

/** Removes a cost line of an open request (404 for a line of another request). */
export async function deleteLine(tx: Tx, actor: Actor, requestId: string, lineId: string): Promise<RequestCosts> {
  const request = await findCostRequest(tx, actor.orgId, requestId, true);
  requireOpen(request);
  const gone = await tx
    .delete(maintenanceRequestCosts)
    .where(lineOf(actor.orgId, requestId, lineId))
    .returning({ id: maintenanceRequestCosts.id });
  if (gone.length === 0) throw notFound(costMessages.lineNotFound);
  return readCosts(tx, actor.orgId, requestId);
}
