import { errorMessages } from "@keyholder/contracts/errors";
import { type UnitForm, type UnitRecord, unitMessages } from "@keyholder/contracts/units";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { units } from "../../db/schema/index.ts";
import type { AuditedFields } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import { nullableNumber } from "../../lib/list-sql.ts";
import type { RestorableRecords } from "../../lib/trash.ts";

/** The columns a unit record is read back with, named as the form names them. */
export const unitRecordColumns = {
  unit_id: units.unitId,
  unit_number: units.unitNumber,
  property_id: units.propertyId,
  building_id: units.buildingId,
  floor_plan_id: units.floorPlanId,
  number_of_bedrooms: units.numberOfBedrooms,
  number_of_bathrooms: units.numberOfBathrooms,
  square_footage: units.squareFootage,
  date_available: units.dateAvailable,
  occupied: units.occupied,
};

type UnitRecordRow = { [K in keyof typeof unitRecordColumns]: unknown };

/** A stored row as the API answers it; pg may hand bigint and numeric back as strings. */
export function toUnitRecord(row: UnitRecordRow): UnitRecord {
  return {
    unit_id: Number(row.unit_id),
    unit_number: String(row.unit_number),
    property_id: String(row.property_id),
    building_id: nullableNumber(row.building_id),
    floor_plan_id: nullableNumber(row.floor_plan_id),
    number_of_bedrooms: nullableNumber(row.number_of_bedrooms),
    number_of_bathrooms: nullableNumber(row.number_of_bathrooms),
    square_footage: nullableNumber(row.square_footage),
    date_available: row.date_available === null || row.date_available === undefined ? null : String(row.date_available),
    occupied: Boolean(row.occupied),
  };
}

/** The audited fields of a unit: the form's fields, without the id. */
export function unitAuditFields({ unit_id: _id, ...fields }: UnitRecord): AuditedFields {
  return fields;
}

/**
 * The audited fields of units as one SQL select list (numbers as numbers, the day as text), for
 * writes that change units in bulk (a property's delete, a building's move) and audit each one.
 */
export const unitAuditSelect = sql`unit_id::float8 as unit_id, unit_number, property_id,
  building_id::float8 as building_id, floor_plan_id::float8 as floor_plan_id,
  number_of_bedrooms::float8 as number_of_bedrooms, number_of_bathrooms::float8 as number_of_bathrooms,
  square_footage, date_available::text as date_available, occupied`;

/** The form's fields as drizzle column values. */
export function unitValues(form: UnitForm) {
  return {
    unitNumber: form.unit_number,
    propertyId: form.property_id,
    buildingId: form.building_id,
    floorPlanId: form.floor_plan_id,
    numberOfBedrooms: form.number_of_bedrooms,
    numberOfBathrooms: form.number_of_bathrooms,
    squareFootage: form.square_footage,
    dateAvailable: form.date_available,
    occupied: form.occupied,
  };
}

/**
 * The rule of a unit's links, checked in the transaction that saves it: its property is the
 * caller's organization's, and its building and floor plan, when it has them, are that property's.
 * All problems are answered at once as field messages (400); another organization's records are
 * unknown here (row-level security and the organization condition both say so). The rows stay
 * key-share locked to the end of the transaction, so none can be deleted between this check and
 * the write.
 */
export async function checkUnitReferences(tx: Tx, orgId: string, form: UnitForm) {
  const { rows } = (await tx.execute(sql`
    select
      exists (select 1 from properties where organization_id = ${orgId} and id = ${form.property_id} for key share)
        as property_ok,
      (select property_id::text from buildings
        where organization_id = ${orgId} and id = ${form.building_id}::bigint for key share) as building_property,
      (select coalesce(property_id::text, '') from floor_plans
        where organization_id = ${orgId} and id = ${form.floor_plan_id}::bigint for key share) as plan_property`)) as unknown as {
    rows: { property_ok: boolean; building_property: string | null; plan_property: string | null }[];
  };
  const found = rows[0];
  const fields: Record<string, string[]> = {};
  if (!found?.property_ok) fields.property_id = [unitMessages.propertyUnknown];
  if (form.building_id !== null) {
    if (!found?.building_property) fields.building_id = [unitMessages.buildingUnknown];
    else if (found.property_ok && found.building_property !== form.property_id) {
      fields.building_id = [unitMessages.buildingOtherProperty];
    }
  }
  if (form.floor_plan_id !== null) {
    if (found?.plan_property === null || found?.plan_property === undefined) {
      fields.floor_plan_id = [unitMessages.floorPlanUnknown];
    } else if (found.property_ok && found.plan_property !== form.property_id) {
      fields.floor_plan_id = [unitMessages.floorPlanOtherProperty];
    }
  }
  if (Object.keys(fields).length > 0) throw badRequest(errorMessages.validation, fields);
}

/** How Undo and history read units back. */
export const unitRecords: RestorableRecords<UnitRecord> = {
  table: units,
  id: units.unitId,
  idOf: (u) => u.unit_id,
  columns: unitRecordColumns,
  toRecord: toUnitRecord,
  auditFields: unitAuditFields,
};
