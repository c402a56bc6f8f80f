import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { units } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { keepDeleted } from "../../lib/trash.ts";
import { toUnitRecord, unitAuditFields, unitRecordColumns } from "./unit-record.ts";

/**
 * Deletes the organization's units among `ids` in one statement and audits each; ids that are
 * unknown or another organization's are skipped, so the count says how many were really deleted.
 */
export async function deleteUnits(tx: Tx, actor: Actor, ids: number[]): Promise<{ deleted: number }> {
  await keepDeleted(tx, actor, "unit", ids);
  const rows = await tx
    .delete(units)
    .where(and(eq(units.organizationId, actor.orgId), inArray(units.unitId, [...new Set(ids)])))
    .returning(unitRecordColumns);
  await writeAudit(
    tx,
    actor,
    "unit",
    rows.map(toUnitRecord).map((u) => ({ action: "delete", entityId: u.unit_id, before: unitAuditFields(u) })),
  );
  return { deleted: rows.length };
}
