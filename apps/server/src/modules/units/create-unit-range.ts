import { errorCodes } from "@keyholder/contracts/errors";
import { type UnitRangeForm, unitRangeMessages } from "@keyholder/contracts/unit-range";
import type { UnitRecord } from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { units } from "../../db/schema/index.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { checkUnitReferences, toUnitRecord, unitAuditFields, unitRecordColumns, unitValues } from "./unit-record.ts";

/**
 * Adds the units of a range ("101-112") to one building of a property (or to the property outside
 * its buildings), all with the form's other fields, in one insert: all or none. Numbers that
 * already exist there are refused by name (409). The building's (or property's) row is locked
 * before the numbers are looked up, so two ranges racing for the same numbers add them once; the
 * unit counters follow from the statement triggers on units.
 */
export async function createUnitRange(tx: Tx, actor: Actor, form: UnitRangeForm): Promise<UnitRecord[]> {
  const numbers = form.unit_number;
  const first = numbers[0] ?? "";
  await checkUnitReferences(tx, actor.orgId, { ...form, unit_number: first });
  const place =
    form.building_id === null
      ? sql`select name from properties where organization_id = ${actor.orgId} and id = ${form.property_id} for no key update`
      : sql`select coalesce(name, 'Building ' || building_number, 'this building') as name from buildings
          where organization_id = ${actor.orgId} and id = ${form.building_id} for no key update`;
  const { rows: placeRows } = (await tx.execute(place)) as unknown as { rows: { name: string }[] };
  const { rows: taken } = (await tx.execute(sql`
    select unit_number from units
    where organization_id = ${actor.orgId} and property_id = ${form.property_id}
      and building_id is not distinct from ${form.building_id}::bigint
      and unit_number = any(${`{${numbers.map((n) => `"${n}"`).join(",")}}`}::text[])`)) as unknown as {
    rows: { unit_number: string }[];
  };
  if (taken.length > 0) {
    const found = new Set(taken.map((r) => r.unit_number));
    const message = unitRangeMessages.taken(
      numbers.filter((n) => found.has(n)),
      placeRows[0]?.name ?? "this place",
    );
    throw new HttpError(409, errorCodes.conflict, message, { unit_number: [message] });
  }
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
