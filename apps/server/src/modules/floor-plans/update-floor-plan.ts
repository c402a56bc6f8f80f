import { type FloorPlanForm, type FloorPlanRecord, floorPlanMessages } from "@keyholder/contracts/floor-plans";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { floorPlans } from "../../db/schema/index.ts";
import { type Actor, auditChanges, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import {
  checkFloorPlanProperty,
  floorPlanAuditFields,
  floorPlanRecordColumns,
  floorPlanValues,
  toFloorPlanRecord,
} from "./floor-plan-record.ts";

/**
 * Replaces a floor plan's form fields and records what changed. A save that changes nothing leaves
 * the row, its last-modified stamp and the history as they were.
 */
export async function updateFloorPlan(tx: Tx, actor: Actor, id: number, form: FloorPlanForm): Promise<FloorPlanRecord> {
  const where = and(eq(floorPlans.organizationId, actor.orgId), eq(floorPlans.id, id));
  // Locked so two concurrent saves each diff against the row the other left.
  const [current] = await tx.select(floorPlanRecordColumns).from(floorPlans).where(where).for("update");
  if (!current) throw notFound(floorPlanMessages.notFound);
  await checkFloorPlanProperty(tx, actor.orgId, form);
  const before = toFloorPlanRecord(current);
  const event = {
    action: "update" as const,
    entityId: id,
    before: floorPlanAuditFields(before),
    after: floorPlanAuditFields({ id: before.id, ...form }),
  };
  if (Object.keys(auditChanges(event)).length === 0) return before;
  const [row] = await tx
    .update(floorPlans)
    .set({ ...floorPlanValues(form), lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
    .where(where)
    .returning(floorPlanRecordColumns);
  if (!row) throw notFound(floorPlanMessages.notFound);
  await writeAudit(tx, actor, "floor_plan", [event]);
  return toFloorPlanRecord(row);
}
