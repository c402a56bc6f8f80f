import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { restoreWithHistory } from "../../lib/trash.ts";
import { unitRecords } from "./unit-record.ts";

/**
 * Undo of a unit delete: the units come back with their ids and values, in their building and on
 * their floor plan where those are still in the unit's property (counters follow by trigger).
 */
export const restoreUnits = (tx: Tx, actor: Actor, ids: number[]) =>
  restoreWithHistory(tx, actor, "unit", ids, unitRecords);
