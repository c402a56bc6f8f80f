import { type MaintenanceForm, maintenanceMessages as m } from "@keyholder/contracts/maintenance";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { rowsOf } from "./request-sql.ts";

const field = (name: string, message: string) => badRequest(message, { [name]: [message] });

/**
 * Checks that what a request names is the organization's (row-level security hides the rest, and
 * a scoped user's other properties) and of the request's property: its building, unit or zone, and
 * the lease and tenant who reported it. 400 naming the field otherwise.
 */
export async function checkReferences(tx: Tx, f: MaintenanceForm): Promise<void> {
  const [property] = await rowsOf(tx, sql`select 1 from properties where id = ${f.property_id}`);
  if (!property) throw field("property_id", m.propertyUnknown);
  const ofProperty = async (
    name: string,
    query: ReturnType<typeof sql>,
    unknown: string,
    other: string,
  ): Promise<Record<string, unknown>> => {
    const [row] = await rowsOf<{ property_id: string }>(tx, query);
    if (!row) throw field(name, unknown);
    if (row.property_id !== f.property_id) throw field(name, other);
    return row;
  };
  if (f.building_id !== null) {
    await ofProperty(
      "building_id",
      sql`select property_id from buildings where id = ${f.building_id}`,
      m.buildingUnknown,
      m.buildingOfOtherProperty,
    );
  }
  if (f.unit_id !== null) {
    const unit = await ofProperty(
      "unit_id",
      sql`select property_id, building_id from units where unit_id = ${f.unit_id}`,
      m.unitUnknown,
      m.unitOfOtherProperty,
    );
    if (f.building_id !== null && Number(unit.building_id) !== f.building_id)
      throw field("unit_id", m.unitOfOtherBuilding);
  }
  if (f.zone_id !== null) {
    await ofProperty(
      "zone_id",
      sql`select property_id from zones where id = ${f.zone_id}`,
      m.zoneUnknown,
      m.zoneOfOtherProperty,
    );
  }
  if (f.lease_id !== null) {
    await ofProperty(
      "lease_id",
      sql`select property_id from leases where id = ${f.lease_id}`,
      m.leaseUnknown,
      m.leaseOfOtherProperty,
    );
  }
  if (f.tenant_id !== null) {
    const [tenant] = await rowsOf(tx, sql`select 1 from tenants where id = ${f.tenant_id} and is_active`);
    if (!tenant) throw field("tenant_id", m.tenantUnknown);
    if (f.lease_id !== null) {
      const [party] = await rowsOf(
        tx,
        sql`select 1 from lease_parties where lease_id = ${f.lease_id} and tenant_id = ${f.tenant_id}`,
      );
      if (!party) throw field("tenant_id", m.tenantNotOnLease);
    }
  }
}
