import { buildingMessages } from "@keyholder/contracts/buildings";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { deleteWithHistory } from "../../lib/trash.ts";
import { buildingRecords } from "./building-record.ts";

/** Deletes one building (its units stay, unlinked from it), keeps it for Undo and records the values it had. */
export async function deleteBuilding(tx: Tx, actor: Actor, id: number): Promise<void> {
  const [deleted] = await deleteWithHistory(tx, actor, "building", [id], buildingRecords);
  if (!deleted) throw notFound(buildingMessages.notFound);
}
