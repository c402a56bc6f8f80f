import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { deleteWithHistory } from "../../lib/trash.ts";
import { unitRecords } from "./unit-record.ts";

/**
 * Deletes the organization's units among `ids` in one statement and audits each; ids that are
 * unknown or another organization's are skipped, so the count says how many were really deleted.
 */
export async function deleteUnits(tx: Tx, actor: Actor, ids: number[]): Promise<{ deleted: number }> {
  return { deleted: (await deleteWithHistory(tx, actor, "unit", ids, unitRecords)).length };
}
