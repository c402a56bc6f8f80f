import { unitMessages } from "@keyholder/contracts/units";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { deleteWithHistory } from "../../lib/trash.ts";
import { unitRecords } from "./unit-record.ts";

/** Deletes one unit (its building's and property's counters follow by trigger), keeps it for Undo and records the values it had. */
export async function deleteUnit(tx: Tx, actor: Actor, id: number): Promise<void> {
  const [deleted] = await deleteWithHistory(tx, actor, "unit", [id], unitRecords);
  if (!deleted) throw notFound(unitMessages.notFound);
}
