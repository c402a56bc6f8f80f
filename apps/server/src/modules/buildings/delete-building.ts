import { buildingMessages } from "@keyholder/contracts/buildings";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { buildings } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { keepDeleted } from "../../lib/trash.ts";
import { buildingAuditFields, buildingRecordColumns, toBuildingRecord } from "./building-record.ts";

/** Deletes one building (its units stay, unlinked from it), keeps it for Undo and records the values it had. */
export async function deleteBuilding(tx: Tx, actor: Actor, id: number): Promise<void> {
  await keepDeleted(tx, actor, "building", [id]);
  const [row] = await tx
    .delete(buildings)
    .where(and(eq(buildings.organizationId, actor.orgId), eq(buildings.id, id)))
    .returning(buildingRecordColumns);
  if (!row) throw notFound(buildingMessages.notFound);
  const building = toBuildingRecord(row);
  await writeAudit(tx, actor, "building", [
    { action: "delete", entityId: building.id, before: buildingAuditFields(building) },
  ]);
}
