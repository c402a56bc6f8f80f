import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { buildings } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { keepDeleted } from "../../lib/trash.ts";
import { buildingAuditFields, buildingRecordColumns, toBuildingRecord } from "./building-record.ts";

/**
 * Deletes the organization's buildings among `ids` in one statement and audits each; ids that are
 * unknown or another organization's are skipped, so the count says how many were really deleted.
 */
export async function deleteBuildings(tx: Tx, actor: Actor, ids: number[]): Promise<{ deleted: number }> {
  await keepDeleted(tx, actor, "building", ids);
  const rows = await tx
    .delete(buildings)
    .where(and(eq(buildings.organizationId, actor.orgId), inArray(buildings.id, [...new Set(ids)])))
    .returning(buildingRecordColumns);
  await writeAudit(
    tx,
    actor,
    "building",
    rows.map(toBuildingRecord).map((b) => ({ action: "delete", entityId: b.id, before: buildingAuditFields(b) })),
  );
  return { deleted: rows.length };
}
