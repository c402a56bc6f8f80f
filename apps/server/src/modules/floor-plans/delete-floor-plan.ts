import { floorPlanMessages } from "@keyholder/contracts/floor-plans";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { floorPlans } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { keepDeleted } from "../../lib/trash.ts";
import { floorPlanAuditFields, floorPlanRecordColumns, toFloorPlanRecord } from "./floor-plan-record.ts";

/** Deletes one floor plan (its units stay, without a plan), keeps it for Undo and records the values it had. */
export async function deleteFloorPlan(tx: Tx, actor: Actor, id: number): Promise<void> {
  await keepDeleted(tx, actor, "floor_plan", [id]);
  const [row] = await tx
    .delete(floorPlans)
    .where(and(eq(floorPlans.organizationId, actor.orgId), eq(floorPlans.id, id)))
    .returning(floorPlanRecordColumns);
  if (!row) throw notFound(floorPlanMessages.notFound);
  const floorPlan = toFloorPlanRecord(row);
  await writeAudit(tx, actor, "floor_plan", [
    { action: "delete", entityId: floorPlan.id, before: floorPlanAuditFields(floorPlan) },
  ]);
}
