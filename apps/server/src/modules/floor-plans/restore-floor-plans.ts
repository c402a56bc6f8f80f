import type { Tx } from "../../db/client.ts";
import { floorPlans } from "../../db/schema/index.ts";
import type { Actor } from "../../lib/audit.ts";
import { restoreWithHistory } from "../../lib/trash.ts";
import { floorPlanAuditFields, floorPlanRecordColumns, toFloorPlanRecord } from "./floor-plan-record.ts";

/** Undo of a floor plan delete: the plans come back with their ids, values and units. */
export const restoreFloorPlans = (tx: Tx, actor: Actor, ids: number[]) =>
  restoreWithHistory(tx, actor, "floor_plan", ids, {
    table: floorPlans,
    columns: floorPlanRecordColumns,
    toRecord: toFloorPlanRecord,
    auditFields: floorPlanAuditFields,
  });
