import { errorMessages } from "@keyholder/contracts/errors";
import { type UnitForm, type UnitRecord, unitMessages } from "@keyholder/contracts/units";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { units } from "../../db/schema/index.ts";
import { type Actor, auditChanges, writeAudit } from "../../lib/audit.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { refuseTakenUnitNumbers } from "./unit-numbers-taken.ts";
import { checkUnitReferences, toUnitRecord, unitAuditFields, unitRecordColumns, unitValues } from "./unit-record.ts";

/**
 * Replaces a unit's form fields and records what changed. A unit moved to another property keeps
 * no building or floor plan of the old one: those the form left as they were are cleared, and any
 * it names are checked against the new property. A save that changes nothing leaves the row, its
 * last-modified stamp and the history as they were.
 */
export async function updateUnit(tx: Tx, actor: Actor, id: number, form: UnitForm): Promise<UnitRecord> {
  const where = and(eq(units.organizationId, actor.orgId), eq(units.unitId, id));
  // Locked so two concurrent saves each diff against the row the other left.
  const [current] = await tx.select(unitRecordColumns).from(units).where(where).for("update");
  if (!current) throw notFound(unitMessages.notFound);
  const before = toUnitRecord(current);
  const moved = form.property_id !== before.property_id;
  const next: UnitForm = {
    ...form,
    building_id: moved && form.building_id === before.building_id ? null : form.building_id,
    floor_plan_id: moved && form.floor_plan_id === before.floor_plan_id ? null : form.floor_plan_id,
  };
  await checkUnitReferences(tx, actor.orgId, next);
  const after: UnitRecord = { unit_id: before.unit_id, ...next };
  const event = {
    action: "update" as const,
    entityId: id,
    before: unitAuditFields(before),
    after: unitAuditFields(after),
  };
  if (Object.keys(auditChanges(event)).length === 0) return before;
  if (moved || next.occupied !== before.occupied) await refuseLeaseGovernedChange(tx, actor.orgId, id, moved);
  const renumbered =
    next.unit_number !== before.unit_number ||
    next.property_id !== before.property_id ||
    next.building_id !== before.building_id;
  if (renumbered) await refuseTakenUnitNumbers(tx, actor.orgId, next, [next.unit_number], id);
  const [row] = await tx
    .update(units)
    .set({ ...unitValues(next), lastModifiedBy: actor.userId, lastModifiedDate: sql`now()` })
    .where(where)
    .returning(unitRecordColumns);
  if (!row) throw notFound(unitMessages.notFound);
  await writeAudit(tx, actor, "unit", [event]);
  return toUnitRecord(row);
}

/**
 * A unit with lease history is occupied when a lease holds it (issue 27 item 12): its status is
 * not typed, and it cannot leave the property its leases are of.
 */
async function refuseLeaseGovernedChange(tx: Tx, orgId: string, id: number, moved: boolean) {
  const { rows } = (await tx.execute(sql`
    select exists (select 1 from lease_units where organization_id = ${orgId} and unit_id = ${id}) as leased`)) as unknown as {
    rows: { leased: boolean }[];
  };
  if (!rows[0]?.leased) return;
  throw badRequest(
    errorMessages.validation,
    moved ? { property_id: [unitMessages.leasedUnitStays] } : { occupied: [unitMessages.occupancyFollowsLeases] },
  );
}
