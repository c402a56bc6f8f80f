import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { floorPlans } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { keepDeleted } from "../../lib/trash.ts";
import { floorPlanAuditFields, floorPlanRecordColumns, toFloorPlanRecord } from "./floor-plan-record.ts";

/**
 * Deletes the organization's floor plans among `ids` in one statement and audits each; ids that are
 * unknown or another organization's are skipped, so the count says how many were really deleted.
 */
export async function deleteFloorPlans(tx: Tx, actor: Actor, ids: number[]): Promise<{ deleted: number }> {
  await keepDeleted(tx, actor, "floor_plan", ids);
  const rows = await tx
    .delete(floorPlans)
    .where(and(eq(floorPlans.organizationId, actor.orgId), inArray(floorPlans.id, [...new Set(ids)])))
    .returning(floorPlanRecordColumns);
  await writeAudit(
    tx,
    actor,
    "floor_plan",
    rows.map(toFloorPlanRecord).map((p) => ({ action: "delete", entityId: p.id, before: floorPlanAuditFields(p) })),
  );
  return { deleted: rows.length };
}
