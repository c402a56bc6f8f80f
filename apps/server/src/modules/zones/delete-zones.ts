import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { deleteWithHistory } from "../../lib/trash.ts";
import { zoneRecords } from "./zone-record.ts";

/**
 * Deletes the organization's zones among `ids` in one statement and audits each; ids that are
 * unknown or another organization's are skipped, so the count says how many were really deleted.
 */
export async function deleteZones(tx: Tx, actor: Actor, ids: number[]): Promise<{ deleted: number }> {
  return { deleted: (await deleteWithHistory(tx, actor, "zone", ids, zoneRecords)).length };
}
