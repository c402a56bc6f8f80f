import type { BuildingForm, BuildingRecord } from "@keyholder/contracts/buildings";
import type { Tx } from "../../db/client.ts";
import { buildings } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import {
  buildingAuditFields,
  buildingRecordColumns,
  buildingValues,
  checkBuildingReferences,
  toBuildingRecord,
} from "./building-record.ts";

/** Adds a building to one of the organization's properties and records its creation. */
export async function createBuilding(tx: Tx, actor: Actor, form: BuildingForm): Promise<BuildingRecord> {
  await checkBuildingReferences(tx, actor.orgId, form);
  const [row] = await tx
    .insert(buildings)
    .values({
      organizationId: actor.orgId,
      ...buildingValues(form),
      createdBy: actor.userId,
      lastModifiedBy: actor.userId,
    })
    .returning(buildingRecordColumns);
  if (!row) throw new Error("insert into buildings returned no row");
  const building = toBuildingRecord(row);
  await writeAudit(tx, actor, "building", [
    { action: "create", entityId: building.id, after: buildingAuditFields(building) },
  ]);
  return building;
}
