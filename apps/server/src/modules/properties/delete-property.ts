import { dependantsText, propertyMessages } from "@keyholder/contracts/properties";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { properties } from "../../db/schema/index.ts";
import { type Actor, type AuditEvent, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { unitAuditSelect } from "../units/unit-record.ts";
import { getProperty } from "./get-property.ts";
import { propertyDependants } from "./property-dependants.ts";
import { propertyAuditFields } from "./property-values.ts";

type Rows = { rows: Record<string, unknown>[] };
/** A delete entry per row; the queries below select each record's audited fields, as numbers where numeric. */
const deletedRows = (rows: Record<string, unknown>[]): AuditEvent[] =>
  rows.map(({ audit_id, ...before }) => ({
    action: "delete",
    entityId: String(audit_id),
    before: before as Record<string, string | number | boolean | null>,
  }));

/**
 * Deletes a property. One with buildings, units, floor plans or zones is deleted only when the
 * caller confirmed (`cascade`): then they all go in this one transaction, each with a delete entry
 * in its history, which stays readable. The property's address goes too unless a building still
 * uses it. Without confirmation the answer names what would go (409).
 */
export async function deleteProperty(tx: Tx, actor: Actor, id: string, cascade: boolean) {
  await tx.execute(sql`select 1 from properties where id = ${id} for update`);
  const property = await getProperty(tx, id);
  const dependants = await propertyDependants(tx, id);
  if (!property || !dependants) throw notFound(propertyMessages.notFound);
  const what = dependantsText(dependants);
  if (what && !cascade) {
    throw new HttpError(409, "HAS_DEPENDANTS", propertyMessages.hasDependants(what), undefined, { dependants });
  }
  // What goes with it, recorded before the foreign keys' cascade removes it.
  const gone = async (query: ReturnType<typeof sql>) => ((await tx.execute(query)) as unknown as Rows).rows;
  const buildingRows = await gone(sql`
    select id as audit_id, name, building_number::float8 as building_number, number_of_units,
      building_type_id as building_type, property_id
      from buildings where property_id = ${id}`);
  const floorPlanRows = await gone(sql`
    select id as audit_id, plan_name, plan_code, bed_rooms::float8 as bed_rooms, bath_rooms::float8 as bath_rooms,
      number_of_levels, total_square_feet, base_rent_estimate::float8 as base_rent_estimate, description, active,
      property_id
      from floor_plans where property_id = ${id}`);
  const unitRows = (await gone(sql`select ${unitAuditSelect} from units where property_id = ${id}`)).map(
    ({ unit_id, ...fields }) => ({ audit_id: unit_id, ...fields }),
  );
  await writeAudit(tx, actor, "building", deletedRows(buildingRows));
  await writeAudit(tx, actor, "floor_plan", deletedRows(floorPlanRows));
  await writeAudit(tx, actor, "unit", deletedRows(unitRows));
  const zoneRows = await gone(sql`
    select id as audit_id, name, description, logo, secondary_url, url, tax_id, property_id
      from zones where property_id = ${id}`);
  await writeAudit(tx, actor, "zone", deletedRows(zoneRows));
  await writeAudit(tx, actor, "property", [{ action: "delete", entityId: id, before: propertyAuditFields(property) }]);
  await tx.delete(properties).where(and(eq(properties.organizationId, actor.orgId), eq(properties.id, id)));
  if (property.address_id !== null) {
    await tx.execute(sql`
      delete from addresses a where a.id = ${property.address_id}
        and not exists (select 1 from buildings b where b.organization_id = a.organization_id and b.address_id = a.id)
        and not exists (select 1 from units u where u.organization_id = a.organization_id and u.address_id = a.id)
        and not exists (select 1 from properties p where p.organization_id = a.organization_id and p.address_id = a.id)`);
  }
  return { deleted: dependants };
}
