import { type BuildingForm, type BuildingRecord, buildingMessages } from "@keyholder/contracts/buildings";
import { errorMessages } from "@keyholder/contracts/errors";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { buildings } from "../../db/schema/index.ts";
import type { AuditedFields } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import { nullableNumber } from "../../lib/list-sql.ts";
import type { RestorableRecords } from "../../lib/trash.ts";

/** The columns a building record is read back with, named as the form names them. */
export const buildingRecordColumns = {
  id: buildings.id,
  name: buildings.name,
  building_number: buildings.buildingNumber,
  number_of_units: buildings.numberOfUnits,
  building_type: buildings.buildingTypeId,
  property_id: buildings.propertyId,
  zone_id: buildings.zoneId,
};

type BuildingRow = { [K in keyof typeof buildingRecordColumns]: unknown };

/** A stored row as the API answers it; pg may hand bigint and numeric back as strings. */
export function toBuildingRecord(row: BuildingRow): BuildingRecord {
  return {
    id: Number(row.id),
    name: String(row.name ?? ""),
    building_number: nullableNumber(row.building_number),
    number_of_units: Number(row.number_of_units),
    building_type: nullableNumber(row.building_type),
    property_id: String(row.property_id),
    zone_id: nullableNumber(row.zone_id),
  };
}

/** The audited fields of a building: the form's fields, without the id. */
export function buildingAuditFields({ id: _id, ...fields }: BuildingRecord): AuditedFields {
  return fields;
}

/** The form's fields as drizzle column values. */
export function buildingValues(form: BuildingForm) {
  return {
    name: form.name,
    buildingNumber: form.building_number,
    numberOfUnits: form.number_of_units,
    buildingTypeId: form.building_type,
    propertyId: form.property_id,
    zoneId: form.zone_id,
  };
}

/**
 * Refuses a property outside the caller's organization, an unknown building type and a zone that is
 * unknown or of another property, all at once as field messages. The property and zone rows stay
 * key-share locked to the end of the transaction, so neither can be deleted between this check and
 * the write.
 */
export async function checkBuildingReferences(tx: Tx, orgId: string, form: BuildingForm) {
  const { rows } = (await tx.execute(sql`
    select
      exists (select 1 from properties where organization_id = ${orgId} and id = ${form.property_id} for key share)
        as property_ok,
      (${form.building_type}::bigint is null or exists (select 1 from building_types where id = ${form.building_type}::bigint))
        as type_ok,
      (select z.property_id from zones z where z.organization_id = ${orgId} and z.id = ${form.zone_id}::bigint for key share)
        as zone_property`)) as unknown as {
    rows: { property_ok: boolean; type_ok: boolean; zone_property: string | null }[];
  };
  const fields: Record<string, string[]> = {};
  if (!rows[0]?.property_ok) fields.property_id = [buildingMessages.propertyUnknown];
  if (!rows[0]?.type_ok) fields.building_type = [buildingMessages.buildingType];
  if (form.zone_id !== null) {
    const zoneProperty = rows[0]?.zone_property ?? null;
    if (zoneProperty === null) fields.zone_id = [buildingMessages.zoneUnknown];
    else if (zoneProperty !== form.property_id) fields.zone_id = [buildingMessages.zoneOfOtherProperty];
  }
  if (Object.keys(fields).length > 0) throw badRequest(errorMessages.validation, fields);
}

/** How deletes and Undo read buildings back and what their history keeps. */
export const buildingRecords: RestorableRecords<BuildingRecord> = {
  table: buildings,
  id: buildings.id,
  idOf: (r) => r.id,
  columns: buildingRecordColumns,
  toRecord: toBuildingRecord,
  auditFields: buildingAuditFields,
};
