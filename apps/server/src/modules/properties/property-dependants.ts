import type { PropertyDependants } from "@keyholder/contracts/properties";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/** What deleting the property would take with it; null when the caller's organization has no such property. */
export async function propertyDependants(tx: Tx, id: string): Promise<PropertyDependants | null> {
  const { rows } = (await tx.execute(sql`
    select p.total_buildings as buildings, p.total_units as units,
      (select count(*)::int from floor_plans f where f.organization_id = p.organization_id and f.property_id = p.id)
        as floor_plans,
      (select count(*)::int from zones z where z.organization_id = p.organization_id and z.property_id = p.id) as zones
    from properties p where p.id = ${id}`)) as unknown as { rows: Record<string, unknown>[] };
  const r = rows[0];
  if (!r) return null;
  return {
    buildings: Number(r.buildings),
    units: Number(r.units),
    floor_plans: Number(r.floor_plans),
    zones: Number(r.zones),
  };
}
