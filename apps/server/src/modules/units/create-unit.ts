import type { UnitForm, UnitRecord } from "@keyholder/contracts/units";
import type { Tx } from "../../db/client.ts";
import { units } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { refuseTakenUnitNumbers } from "./unit-numbers-taken.ts";
import { checkUnitReferences, toUnitRecord, unitAuditFields, unitRecordColumns, unitValues } from "./unit-record.ts";

/** Adds a unit to one of the organization's properties (in one of its buildings, to one of its floor plans) and records it. */
export async function createUnit(tx: Tx, actor: Actor, form: UnitForm): Promise<UnitRecord> {
  await checkUnitReferences(tx, actor.orgId, form);
  await refuseTakenUnitNumbers(tx, actor.orgId, form, [form.unit_number]);
  const [row] = await tx
    .insert(units)
    .values({ organizationId: actor.orgId, ...unitValues(form), createdBy: actor.userId, lastModifiedBy: actor.userId })
    .returning(unitRecordColumns);
  if (!row) throw new Error("insert into units returned no row");
  const unit = toUnitRecord(row);
  await writeAudit(tx, actor, "unit", [{ action: "create", entityId: unit.unit_id, after: unitAuditFields(unit) }]);
  return unit;
}
