import { buildingMessages } from "@keyholder/contracts/buildings";
import type { Tx } from "../../db/client.ts";
import { buildings } from "../../db/schema/index.ts";
import { recordHistory } from "../history/record-history.ts";

/** A building's history, still readable after the building is deleted. */
export const buildingHistory = (tx: Tx, orgId: string, id: number) =>
  recordHistory(tx, { orgId, entity: "building", id, table: buildings, notFoundMessage: buildingMessages.notFound });
