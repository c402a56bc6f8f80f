import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { restoreWithHistory } from "../../lib/trash.ts";
import { floorPlanRecords } from "./floor-plan-record.ts";

/** Undo of a floor plan delete: the plans come back with their ids, values and units. */
export const restoreFloorPlans = (tx: Tx, actor: Actor, ids: number[]) =>
  restoreWithHistory(tx, actor, "floor_plan", ids, floorPlanRecords);
