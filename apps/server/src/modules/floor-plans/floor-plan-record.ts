import { errorMessages } from "@keyholder/contracts/errors";
import { type FloorPlanForm, type FloorPlanRecord, floorPlanMessages } from "@keyholder/contracts/floor-plans";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { floorPlans } from "../../db/schema/index.ts";
import type { AuditedFields } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import type { RestorableRecords } from "../../lib/trash.ts";

/** The columns a floor plan record is read back with, named as the form names them. */
export const floorPlanRecordColumns = {
  id: floorPlans.id,
  plan_name: floorPlans.planName,
  plan_code: floorPlans.planCode,
  bed_rooms: floorPlans.bedRooms,
  bath_rooms: floorPlans.bathRooms,
  number_of_levels: floorPlans.numberOfLevels,
  total_square_feet: floorPlans.totalSquareFeet,
  base_rent_estimate: floorPlans.baseRentEstimate,
  description: floorPlans.description,
  active: floorPlans.active,
  property_id: floorPlans.propertyId,
};

type FloorPlanRow = { [K in keyof typeof floorPlanRecordColumns]: unknown };

const nullableNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A stored row as the API answers it; pg hands numeric back as a string ("2.50"), compared as a number. */
export function toFloorPlanRecord(row: FloorPlanRow): FloorPlanRecord {
  return {
    id: Number(row.id),
    plan_name: String(row.plan_name),
    plan_code: (row.plan_code as string | null) ?? null,
    bed_rooms: Number(row.bed_rooms),
    bath_rooms: Number(row.bath_rooms),
    number_of_levels: Number(row.number_of_levels),
    total_square_feet: nullableNumber(row.total_square_feet),
    base_rent_estimate: Number(row.base_rent_estimate),
    description: (row.description as string | null) ?? null,
    active: Boolean(row.active),
    property_id: (row.property_id as string | null) ?? null,
  };
}

/** The audited fields of a floor plan: the form's fields, without the id. */
export function floorPlanAuditFields({ id: _id, ...fields }: FloorPlanRecord): AuditedFields {
  return fields;
}

/** The form's fields as drizzle column values. */
export function floorPlanValues(form: FloorPlanForm) {
  return {
    planName: form.plan_name,
    planCode: form.plan_code,
    bedRooms: form.bed_rooms,
    bathRooms: form.bath_rooms,
    numberOfLevels: form.number_of_levels,
    totalSquareFeet: form.total_square_feet,
    baseRentEstimate: form.base_rent_estimate,
    description: form.description,
    active: form.active,
    propertyId: form.property_id,
  };
}

/**
 * Refuses a property outside the caller's organization, as a field message. The property row stays
 * key-share locked to the end of the transaction, so it cannot be deleted between this check and
 * the write.
 */
export async function checkFloorPlanProperty(tx: Tx, orgId: string, form: FloorPlanForm) {
  const { rows } = (await tx.execute(sql`
    select exists (select 1 from properties where organization_id = ${orgId} and id = ${form.property_id} for key share)
      as property_ok`)) as unknown as { rows: { property_ok: boolean }[] };
  if (!rows[0]?.property_ok) {
    throw badRequest(errorMessages.validation, { property_id: [floorPlanMessages.propertyUnknown] });
  }
}
/** How deletes and Undo read floor plans back and what their history keeps. */
export const floorPlanRecords: RestorableRecords<FloorPlanRecord> = {
  table: floorPlans,
  id: floorPlans.id,
  idOf: (r) => r.id,
  columns: floorPlanRecordColumns,
  toRecord: toFloorPlanRecord,
  auditFields: floorPlanAuditFields,
};
