import { LISTING_UNITS_NAMED, listingProblem, type PropertyListing } from "@keyholder/contracts/property-listing";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { availableUnitsOfP } from "../public-properties/public-fields.ts";

type Rows = { rows: Record<string, unknown>[] };

/**
 * What a property's public listing shows and lacks, for its editor: whether it is listed, its
 * units and photos, what stops it from being listed, and the available units the public sees
 * without a rent (no active floor plan: the public page offers them as themselves, decision 021),
 * read by the public side's own definition so the warning names exactly those.
 * Undefined when the caller cannot see the property.
 */
export async function getPropertyListing(tx: Tx, id: string): Promise<PropertyListing | undefined> {
  const { rows } = (await tx.execute(sql`
    select p.show_property_online, p.total_units, p.occupied_units,
      (select count(*)::int from property_images pi
        where pi.organization_id = p.organization_id and pi.property_id = p.id) as photos,
      (select count(*)::int from ${availableUnitsOfP} o where o.plan_id is null) as without_rent
    from properties p where p.id = ${id}`)) as unknown as Rows;
  const r = rows[0];
  if (!r) return undefined;
  const { rows: withoutRent } = (await tx.execute(sql`
    select o.unit_id, o.unit_number, o.building_name
    from properties p cross join lateral ${availableUnitsOfP} o
    where p.id = ${id} and o.plan_id is null
    order by o.building_name nulls first, o.unit_number, o.unit_id
    limit ${LISTING_UNITS_NAMED}`)) as unknown as Rows;
  const counts = { total_units: Number(r.total_units), occupied_units: Number(r.occupied_units) };
  const listed = Boolean(r.show_property_online);
  return {
    listed,
    total_units: counts.total_units,
    available_units: Math.max(counts.total_units - counts.occupied_units, 0),
    photos: Number(r.photos),
    problem: listed ? null : listingProblem(counts),
    units_without_rent: withoutRent.map((u) => ({
      unit_id: Number(u.unit_id),
      unit_number: String(u.unit_number),
      building_name: u.building_name == null ? null : String(u.building_name),
    })),
    units_without_rent_count: Number(r.without_rent),
  };
}
