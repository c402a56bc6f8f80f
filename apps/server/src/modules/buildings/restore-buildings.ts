import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { restoreWithHistory } from "../../lib/trash.ts";
import { buildingRecords } from "./building-record.ts";

/** Undo of a building delete: the buildings come back with their ids, values and units. */
export const restoreBuildings = (tx: Tx, actor: Actor, ids: number[]) =>
  restoreWithHistory(tx, actor, "building", ids, buildingRecords);
