import { type BuildingForm, type BuildingRecord, buildingMessages } from "@keyholder/contracts/buildings";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { buildings } from "../../db/schema/index.ts";
import { type Actor, auditChanges, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { moveBuildingUnits } from "../units/move-building-units.ts";
import {
  buildingAuditFields,
  buildingRecordColumns,
  buildingValues,
  checkBuildingReferences,
  toBuildingRecord,
} from "./building-record.ts";

/**
 * Replaces a building's form fields and records what changed; a building moved to another property
 * takes its units along. A save that changes nothing leaves the row, its last-modified stamp and the
 * history as they were.
 */
export async function updateBuilding(tx: Tx, actor: Actor, id: number, form: BuildingForm): Promise<BuildingRecord> {
  const where = and(eq(buildings.organizationId, actor.orgId), eq(buildings.id, id));
  // Locked so two concurrent saves each diff against the row the other left.
  const [current] = await tx.select(buildingRecordColumns).from(buildings).where(where).for("update");
  if (!current) throw notFound(buildingMessages.notFound);
  await checkBuildingReferences(tx, actor.orgId, form);
  const before = toBuildingRecord(current);
  const after: BuildingRecord = { id: before.id, ...form };
  const event = {
    action: "update" as const,
    entityId: id,
    before: buildingAuditFields(before),
    after: buildingAuditFields(after),
  };
  if (Object.keys(auditChanges(event)).length === 0) return before;
  const [row] = await tx
    .update(buildings)
    .set({ ...buildingValues(form), lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
    .where(where)
    .returning(buildingRecordColumns);
  if (!row) throw notFound(buildingMessages.notFound);
  await writeAudit(tx, actor, "building", [event]);
  if (form.property_id !== before.property_id) await moveBuildingUnits(tx, actor, id, form.property_id);
  return toBuildingRecord(row);
}
