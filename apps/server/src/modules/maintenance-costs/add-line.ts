import {
  type CostLine,
  costLineCents,
  normalQuantity,
  type RequestCosts,
} from "@keyholder/contracts/maintenance-costs";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { maintenanceRequestCosts } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { holdIfOverLimit } from "./cost-hold.ts";
import { checkWorkOrder, findCostRequest, linesTotal, readCosts, requireOpen } from "./read-costs.ts";

/** The day of a line: the one given, else the organization's today. */
export const incurredOn = (orgId: string, day: string | null | undefined) =>
  day ?? sql`(select (now() at time zone o.time_zone)::date from organizations o where o.id = ${orgId})`;

/**
 * Adds a cost line to an open request; its amount is quantity × rate once, half up (the contracts'
 * costLineCents, which the database checks). Over the not-to-exceed amount, the request goes On Hold.
 */
export async function addLine(tx: Tx, actor: Actor, requestId: string, line: CostLine): Promise<RequestCosts> {
  const request = await findCostRequest(tx, actor.orgId, requestId, true);
  requireOpen(request);
  await checkWorkOrder(tx, requestId, line.work_order_id);
  const before = await linesTotal(tx, actor.orgId, requestId);
  await tx.insert(maintenanceRequestCosts).values({
    organizationId: actor.orgId,
    requestId,
    workOrderId: line.work_order_id ?? null,
    kind: line.kind,
    description: line.description,
    quantity: normalQuantity(line.quantity),
    rateCents: line.rate_cents,
    amountCents: costLineCents(line.quantity, line.rate_cents),
    billable: line.billable,
    incurredOn: incurredOn(actor.orgId, line.incurred_on),
    createdBy: actor.userId,
    lastModifiedBy: actor.userId,
  });
  await holdIfOverLimit(tx, actor, request, before, request.notToExceedCents);
  return readCosts(tx, actor.orgId, requestId);
}
