import { ZONE_OVERVIEW_BUILDINGS, type ZoneOverview } from "@keyholder/contracts/zones";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { nullableNumber } from "../../lib/list-sql.ts";
import { toZoneRecord } from "./zone-record.ts";

type Rows = { rows: Record<string, unknown>[] };
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * The zone at a glance (View Zone): its property and address, and its figures counted from its
 * buildings as they are now, with the buildings themselves by name. Null when the caller's
 * organization has no such zone.
 */
export async function getZoneOverview(tx: Tx, id: number): Promise<ZoneOverview | null> {
  const found = (await tx.execute(sql`
    select z.id, z.name, z.description, z.logo, z.secondary_url, z.url, z.tax_id, z.property_id,
      p.name as property_name, a.address_line_1, a.address_line_2, a.city, s.state_name, a.zipcode,
      f.buildings, f.units, f.occupied_units
    from zones z
    join properties p on p.organization_id = z.organization_id and p.id = z.property_id
    left join addresses a on a.organization_id = p.organization_id and a.id = p.address_id
    left join us_states s on s.id = a.state_id
    cross join lateral (
      select count(*)::int as buildings, coalesce(sum(b.total_units), 0)::int as units,
             coalesce(sum(b.occupied_units), 0)::int as occupied_units
        from buildings b where b.organization_id = z.organization_id and b.zone_id = z.id) f
    where z.id = ${id}`)) as unknown as Rows;
  const r = found.rows[0];
  if (!r) return null;
  const inZone = (await tx.execute(sql`
    select b.id, b.name, b.building_number, b.total_units, b.occupied_units
      from buildings b where b.zone_id = ${id}
     order by b.name nulls last, b.id limit ${ZONE_OVERVIEW_BUILDINGS}`)) as unknown as Rows;
  return {
    zone: toZoneRecord({
      id: r.id,
      name: r.name,
      description: r.description,
      logo: r.logo,
      secondary_url: r.secondary_url,
      url: r.url,
      tax_id: r.tax_id,
      property_id: r.property_id,
    }),
    property: {
      id: String(r.property_id),
      name: String(r.property_name),
      address_line_1: text(r.address_line_1),
      address_line_2: text(r.address_line_2),
      city: text(r.city),
      state: text(r.state_name),
      zipcode: text(r.zipcode),
    },
    figures: { buildings: Number(r.buildings), units: Number(r.units), occupied_units: Number(r.occupied_units) },
    buildings: inZone.rows.map((b) => ({
      id: Number(b.id),
      name: text(b.name),
      building_number: nullableNumber(b.building_number),
      total_units: Number(b.total_units),
      occupied_units: Number(b.occupied_units),
    })),
  };
}
