import { floorPlanMessages } from "@keyholder/contracts/floor-plans";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { deleteWithHistory } from "../../lib/trash.ts";
import { floorPlanRecords } from "./floor-plan-record.ts";

/** Deletes one floor plan (its units stay, without a plan), keeps it for Undo and records the values it had. */
export async function deleteFloorPlan(tx: Tx, actor: Actor, id: number): Promise<void> {
  const [deleted] = await deleteWithHistory(tx, actor, "floor_plan", [id], floorPlanRecords);
  if (!deleted) throw notFound(floorPlanMessages.notFound);
}
