import { floorPlanMessages } from "@keyholder/contracts/floor-plans";
import type { Tx } from "../../db/client.ts";
import { floorPlans } from "../../db/schema/index.ts";
import { recordHistory } from "../history/record-history.ts";

/** A floor plan's history, newest first; empty for a plan that predates auditing, kept after its delete. */
export const floorPlanHistory = (tx: Tx, orgId: string, id: number) =>
  recordHistory(
    tx,
    { orgId, entity: "floor_plan", entityId: id },
    { table: floorPlans, id: floorPlans.id, notFound: floorPlanMessages.notFound },
  );
