import type { CostLimits, RequestCosts } from "@keyholder/contracts/maintenance-costs";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { holdIfOverLimit } from "./cost-hold.ts";
import { findCostRequest, linesTotal, readCosts, requireOpen } from "./read-costs.ts";

/**
 * Sets an open request's estimate and not-to-exceed amount (null: none). A limit set below the
 * costs already recorded puts the request On Hold as a line over it would; raising the limit of a
 * request on hold approves the costs, and a manager takes it off hold.
 */
export async function setLimits(tx: Tx, actor: Actor, requestId: string, limits: CostLimits): Promise<RequestCosts> {
  const request = await findCostRequest(tx, actor.orgId, requestId, true);
  requireOpen(request);
  const total = await linesTotal(tx, actor.orgId, requestId);
  await tx.execute(sql`update maintenance_requests set estimate_cents = ${limits.estimate_cents},
      not_to_exceed_cents = ${limits.not_to_exceed_cents}, last_modified_by = ${actor.userId}, last_modified_date = now()
    where organization_id = ${actor.orgId} and id = ${requestId}`);
  await holdIfOverLimit(tx, actor, request, total, limits.not_to_exceed_cents);
  return readCosts(tx, actor.orgId, requestId);
}
