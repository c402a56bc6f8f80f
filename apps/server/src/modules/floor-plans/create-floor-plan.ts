import type { FloorPlanForm, FloorPlanRecord } from "@keyholder/contracts/floor-plans";
import type { Tx } from "../../db/client.ts";
import { floorPlans } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import {
  checkFloorPlanProperty,
  floorPlanAuditFields,
  floorPlanRecordColumns,
  floorPlanValues,
  toFloorPlanRecord,
} from "./floor-plan-record.ts";

/** Adds a floor plan to the organization and records its creation. */
export async function createFloorPlan(tx: Tx, actor: Actor, form: FloorPlanForm): Promise<FloorPlanRecord> {
  await checkFloorPlanProperty(tx, actor.orgId, form);
  const [row] = await tx
    .insert(floorPlans)
    .values({
      organizationId: actor.orgId,
      ...floorPlanValues(form),
      createdBy: actor.userId,
      lastModifiedBy: actor.userId,
    })
    .returning(floorPlanRecordColumns);
  if (!row) throw new Error("insert into floor_plans returned no row");
  const floorPlan = toFloorPlanRecord(row);
  await writeAudit(tx, actor, "floor_plan", [
    { action: "create", entityId: floorPlan.id, after: floorPlanAuditFields(floorPlan) },
  ]);
  return floorPlan;
}
