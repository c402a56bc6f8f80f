import { buildingMessages } from "@keyholder/contracts/buildings";
import type { Tx } from "../../db/client.ts";
import { buildings } from "../../db/schema/index.ts";
import { recordHistory } from "../history/record-history.ts";

/** A building's history, newest first; empty for a building that predates auditing, kept after its delete. */
export const buildingHistory = (tx: Tx, orgId: string, id: number) =>
  recordHistory(
    tx,
    { orgId, entity: "building", entityId: id },
    { table: buildings, id: buildings.id, notFound: buildingMessages.notFound },
  );
