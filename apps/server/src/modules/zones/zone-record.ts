import { errorMessages } from "@keyholder/contracts/errors";
import { type ZoneForm, type ZoneRecord, zoneMessages } from "@keyholder/contracts/zones";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { zones } from "../../db/schema/index.ts";
import type { AuditedFields } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import type { RestorableRecords } from "../../lib/trash.ts";
import { auditZoneLinks } from "./zone-links.ts";

/** The columns a zone record is read back with, named as the form names them. */
export const zoneRecordColumns = {
  id: zones.id,
  name: zones.name,
  description: zones.description,
  logo: zones.logo,
  secondary_url: zones.secondaryUrl,
  url: zones.url,
  tax_id: zones.taxId,
  property_id: zones.propertyId,
};

type ZoneRow = { [K in keyof typeof zoneRecordColumns]: unknown };

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A stored row as the API answers it; pg may hand bigint back as a string. */
export function toZoneRecord(row: ZoneRow): ZoneRecord {
  return {
    id: Number(row.id),
    name: String(row.name),
    description: text(row.description),
    logo: text(row.logo),
    secondary_url: text(row.secondary_url),
    url: text(row.url),
    tax_id: text(row.tax_id),
    property_id: String(row.property_id),
  };
}

/** The audited fields of a zone: the form's fields, without the id. */
export function zoneAuditFields({ id: _id, ...fields }: ZoneRecord): AuditedFields {
  return fields;
}

/** The form's fields as drizzle column values. */
export function zoneValues(form: ZoneForm) {
  return {
    name: form.name,
    description: form.description,
    logo: form.logo,
    secondaryUrl: form.secondary_url,
    url: form.url,
    taxId: form.tax_id,
    propertyId: form.property_id,
  };
}

/**
 * Refuses a property outside the caller's organization as a field message. The property row stays
 * key-share locked to the end of the transaction, so it cannot be deleted between this check and
 * the write.
 */
export async function checkZoneProperty(tx: Tx, orgId: string, form: ZoneForm) {
  const { rows } = (await tx.execute(sql`
    select exists (select 1 from properties where organization_id = ${orgId} and id = ${form.property_id} for key share)
      as property_ok`)) as unknown as { rows: { property_ok: boolean }[] };
  if (!rows[0]?.property_ok) {
    throw badRequest(errorMessages.validation, { property_id: [zoneMessages.propertyUnknown] });
  }
}

/**
 * How deletes and Undo read zones back and what their history keeps. A delete takes the zone's
 * buildings out of it and Undo puts them back; each building's history says so.
 */
export const zoneRecords: RestorableRecords<ZoneRecord> = {
  table: zones,
  id: zones.id,
  idOf: (r) => r.id,
  columns: zoneRecordColumns,
  toRecord: toZoneRecord,
  auditFields: zoneAuditFields,
  unlinked: (tx, actor, deleted) =>
    auditZoneLinks(
      tx,
      actor,
      deleted.flatMap((d) => d.linkedIds.map((buildingId) => ({ buildingId, from: d.id, to: null }))),
    ),
  relinked: (tx, actor, restored) =>
    auditZoneLinks(
      tx,
      actor,
      restored.flatMap((r) => r.relinkedIds.map((buildingId) => ({ buildingId, from: null, to: r.id }))),
    ),
};
