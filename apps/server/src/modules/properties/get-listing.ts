import { listingProblem, type PropertyListing } from "@keyholder/contracts/property-listing";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * What a property's public listing shows and lacks, for its editor: whether it is listed, its
 * units and photos, and what stops it from being listed. Undefined when the caller cannot see it.
 */
export async function getPropertyListing(tx: Tx, id: string): Promise<PropertyListing | undefined> {
  const { rows } = (await tx.execute(sql`
    select p.show_property_online, p.total_units, p.occupied_units,
      (select count(*)::int from property_images pi
        where pi.organization_id = p.organization_id and pi.property_id = p.id) as photos
    from properties p where p.id = ${id}`)) as unknown as { rows: Record<string, unknown>[] };
  const r = rows[0];
  if (!r) return undefined;
  const counts = { total_units: Number(r.total_units), occupied_units: Number(r.occupied_units) };
  const listed = Boolean(r.show_property_online);
  return {
    listed,
    total_units: counts.total_units,
    available_units: Math.max(counts.total_units - counts.occupied_units, 0),
    photos: Number(r.photos),
    problem: listed ? null : listingProblem(counts),
  };
}
