import { unitMessages } from "@keyholder/contracts/units";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { units } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { keepDeleted } from "../../lib/trash.ts";
import { toUnitRecord, unitAuditFields, unitRecordColumns } from "./unit-record.ts";

/** Deletes one unit (its building's and property's counters follow by trigger), keeps it for Undo and records the values it had. */
export async function deleteUnit(tx: Tx, actor: Actor, id: number): Promise<void> {
  await keepDeleted(tx, actor, "unit", [id]);
  const [row] = await tx
    .delete(units)
    .where(and(eq(units.organizationId, actor.orgId), eq(units.unitId, id)))
    .returning(unitRecordColumns);
  if (!row) throw notFound(unitMessages.notFound);
  const unit = toUnitRecord(row);
  await writeAudit(tx, actor, "unit", [{ action: "delete", entityId: unit.unit_id, before: unitAuditFields(unit) }]);
}
