import type { UnitRangeForm } from "@keyholder/contracts/unit-range";
import type { UnitRecord } from "@keyholder/contracts/units";
import type { Tx } from "../../db/client.ts";
import { units } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { refuseTakenUnitNumbers } from "./unit-numbers-taken.ts";
import { checkUnitReferences, toUnitRecord, unitAuditFields, unitRecordColumns, unitValues } from "./unit-record.ts";

/**
 * Adds the units of a range ("101-112") to one building of a property (or to the property outside
 * its buildings), all with the form's other fields, in one insert: all or none. Numbers that
 * already exist there are refused by name (409); the unit counters follow from the statement
 * triggers on units.
 */
export async function createUnitRange(tx: Tx, actor: Actor, form: UnitRangeForm): Promise<UnitRecord[]> {
  const numbers = form.unit_number;
  const first = numbers[0] ?? "";
  await checkUnitReferences(tx, actor.orgId, { ...form, unit_number: first });
  await refuseTakenUnitNumbers(tx, actor.orgId, form, numbers);
  const made = await tx
    .insert(units)
    .values(
      numbers.map((unitNumber) => ({
        organizationId: actor.orgId,
        ...unitValues({ ...form, unit_number: unitNumber }),
        createdBy: actor.userId,
        lastModifiedBy: actor.userId,
      })),
    )
    .returning(unitRecordColumns);
  const records = made.map(toUnitRecord).sort((a, b) => a.unit_id - b.unit_id);
  await writeAudit(
    tx,
    actor,
    "unit",
    records.map((unit) => ({ action: "create" as const, entityId: unit.unit_id, after: unitAuditFields(unit) })),
  );
  return records;
}
