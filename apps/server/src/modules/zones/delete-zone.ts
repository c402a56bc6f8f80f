import { zoneMessages } from "@keyholder/contracts/zones";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { deleteWithHistory } from "../../lib/trash.ts";
import { zoneRecords } from "./zone-record.ts";

/** Deletes one zone (its buildings stay, in no zone), keeps it for Undo and records the values it had. */
export async function deleteZone(tx: Tx, actor: Actor, id: number): Promise<void> {
  const [deleted] = await deleteWithHistory(tx, actor, "zone", [id], zoneRecords);
  if (!deleted) throw notFound(zoneMessages.notFound);
}
