import { floorPlanMessages } from "@keyholder/contracts/floor-plans";
import type { Tx } from "../../db/client.ts";
import { floorPlans } from "../../db/schema/index.ts";
import { recordHistory } from "../history/record-history.ts";

/** A floor plan's history, still readable after the plan is deleted. */
export const floorPlanHistory = (tx: Tx, orgId: string, id: number) =>
  recordHistory(tx, {
    orgId,
    entity: "floor_plan",
    id,
    table: floorPlans,
    notFoundMessage: floorPlanMessages.notFound,
  });
