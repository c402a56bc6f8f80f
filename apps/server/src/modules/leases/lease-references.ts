import type { LeaseCreate, LeasePartyRole } from "@keyholder/contracts/leases";
import { leaseMessages } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { rowsOf } from "./lease-sql.ts";

export interface LeaseHolding {
  unitId: number | null;
  zoneId: number | null;
  name: string;
}

export interface LeaseParty {
  tenantId: string;
  role: LeasePartyRole;
  name: string;
}

/** What a lease form names, checked against the organization and read for the lease's copies of names. */
export interface LeaseReferences {
  propertyName: string;
  holdings: LeaseHolding[];
  parties: LeaseParty[];
  /** The first unit (not zone): the unit on its charges' ledger lines. */
  mainUnitId: number | null;
  primaryTenantId: string;
}

const field = (name: string, message: string) => badRequest(message, { [name]: [message] });

/**
 * Checks that the property, units, zones and tenants of a lease form are the organization's (row
 * level security hides the rest) and that each unit and zone is of the lease's property (400
 * otherwise, naming it).
 */
export async function leaseReferences(tx: Tx, form: Pick<LeaseCreate, "property_id" | "units" | "parties">) {
  const [property] = await rowsOf<{ name: string }>(
    tx,
    sql`select name from properties where id = ${form.property_id}`,
  );
  if (!property) throw field("property_id", leaseMessages.propertyUnknown);

  const unitIds = form.units.flatMap((u) => ("unit_id" in u ? [u.unit_id] : []));
  const zoneIds = form.units.flatMap((u) => ("zone_id" in u ? [u.zone_id] : []));
  const units = new Map(
    (
      await rowsOf<{ id: number; name: string; property_id: string }>(
        tx,
        sql`select unit_id as id, unit_number as name, property_id from units
          where unit_id = any(${`{${unitIds.join(",")}}`}::bigint[])`,
      )
    ).map((u) => [Number(u.id), u]),
  );
  const zones = new Map(
    (
      await rowsOf<{ id: number; name: string; property_id: string }>(
        tx,
        sql`select id, name, property_id from zones where id = any(${`{${zoneIds.join(",")}}`}::bigint[])`,
      )
    ).map((z) => [Number(z.id), z]),
  );
  const holdings: LeaseHolding[] = form.units.map((u) => {
    if ("unit_id" in u) {
      const unit = units.get(u.unit_id);
      if (!unit) throw field("units", leaseMessages.unitUnknown);
      if (unit.property_id !== form.property_id)
        throw field("units", leaseMessages.unitOfOtherProperty(unit.name, property.name));
      return { unitId: u.unit_id, zoneId: null, name: unit.name };
    }
    const zone = zones.get(u.zone_id);
    if (!zone) throw field("units", leaseMessages.zoneUnknown);
    if (zone.property_id !== form.property_id)
      throw field("units", leaseMessages.zoneOfOtherProperty(zone.name, property.name));
    return { unitId: null, zoneId: u.zone_id, name: zone.name };
  });

  const tenantIds = form.parties.map((p) => p.tenant_id);
  const tenants = new Map(
    (
      await rowsOf<{ id: string; name: string }>(
        tx,
        sql`select id, name from tenants where id = any(${`{${tenantIds.join(",")}}`}::uuid[]) and is_active`,
      )
    ).map((t) => [t.id, t.name]),
  );
  const parties: LeaseParty[] = form.parties.map((p) => {
    const name = tenants.get(p.tenant_id);
    if (name === undefined) throw field("parties", leaseMessages.tenantUnknown);
    return { tenantId: p.tenant_id, role: p.role, name };
  });
  const primary = parties.find((p) => p.role === "primary");
  if (!primary) throw field("parties", leaseMessages.onePrimary);

  return {
    propertyName: property.name,
    holdings,
    parties,
    mainUnitId: holdings.find((h) => h.unitId !== null)?.unitId ?? null,
    primaryTenantId: primary.tenantId,
  } satisfies LeaseReferences;
}
