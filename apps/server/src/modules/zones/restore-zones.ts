import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { restoreWithHistory } from "../../lib/trash.ts";
import { zoneRecords } from "./zone-record.ts";

/** Undo of a zone delete: the zones come back with their ids and values, and their buildings in them. */
export const restoreZones = (tx: Tx, actor: Actor, ids: number[]) =>
  restoreWithHistory(tx, actor, "zone", ids, zoneRecords);
