import type { PropertyOverview } from "@keyholder/contracts/property-overview";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { nullableNumber } from "../../lib/list-sql.ts";

/** The property overview (spec records 3.5), or null when the caller's organization has no such property. */
export async function getPropertyOverview(tx: Tx, id: string): Promise<PropertyOverview | null> {
  const result = (await tx.execute(sql`
    select p.name, a.address_line_1, a.address_line_2, a.address_line_3, a.city, s.state_name, a.zipcode,
      a.latitude, a.longitude, p.last_renovated::text as last_renovated, p.lot_size, p.lot_size_unit,
      p.number_of_parking_spots, pt.name as type, p.year_built,
      (select count(*)::int from units u where u.organization_id = p.organization_id and u.property_id = p.id)
        as unit_count,
      (select count(*)::int from floor_plans fp where fp.organization_id = p.organization_id and fp.property_id = p.id)
        as unique_floorplans
    from properties p
    join property_types pt on pt.id = p.property_type_id
    left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
    left join us_states s on s.id = a.state_id
    where p.id = ${id}`)) as unknown as { rows: Record<string, unknown>[] };
  const r = result.rows[0];
  if (!r) return null;
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    basic: {
      name: String(r.name),
      address_line_1: text(r.address_line_1),
      address_line_2: text(r.address_line_2),
      address_line_3: text(r.address_line_3),
      city: text(r.city),
      state: text(r.state_name),
      zipcode: text(r.zipcode),
      latitude: nullableNumber(r.latitude),
      longitude: nullableNumber(r.longitude),
      last_renovated: text(r.last_renovated),
      lot_size: nullableNumber(r.lot_size),
      lot_size_unit: text(r.lot_size_unit),
      parking_spaces: nullableNumber(r.number_of_parking_spots),
      type: String(r.type),
      unit_count: Number(r.unit_count),
      unique_floorplans: Number(r.unique_floorplans),
      year_built: nullableNumber(r.year_built),
    },
  };
}
