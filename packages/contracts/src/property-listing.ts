import { z } from "zod";

/**
 * Listing a property on the public site (decision 021): a property is unlisted until someone lists
 * it, and listing asks for at least one available (vacant) unit, so nobody is sent to a listing
 * they cannot act on. A listed property stays listed when its last unit is let.
 */
export const listingMessages = {
  newProperty: "A new property has no units yet: create it, add its units, then list it",
  noUnits: "Add a unit before listing this property: a listing needs at least one available unit",
  allOccupied: (units: number) =>
    `All ${units.toLocaleString("en-US")} ${units === 1 ? "unit is" : "units are"} occupied: a listing needs at least one available unit`,
  withoutRent: (count: number) =>
    `${count.toLocaleString("en-US")} available ${count === 1 ? "unit shows" : "units show"} no rent on the public site: give ${count === 1 ? "it" : "them"} an active floor plan with a rent`,
} as const;

/** What stops a property from being listed, or null when it may be (`null` counts: a property not created yet). */
export function listingProblem(counts: { total_units: number; occupied_units: number } | null): string | null {
  if (counts === null) return listingMessages.newProperty;
  if (counts.total_units === 0) return listingMessages.noUnits;
  if (counts.total_units - counts.occupied_units <= 0) return listingMessages.allOccupied(counts.total_units);
  return null;
}

/** "Unit 201", or "Maple Court Building B, unit 201": how a unit offered without a floor plan is named. */
export const unitName = (u: { unit_number: string; building_name: string | null }) =>
  u.building_name ? `${u.building_name}, unit ${u.unit_number}` : `Unit ${u.unit_number}`;

/** At most this many units without a public rent are named; the count says how many there are. */
export const LISTING_UNITS_NAMED = 20;

/** GET /api/v1/properties/{id}/listing: what the property's public listing shows and lacks. */
export const propertyListingSchema = z.object({
  listed: z.boolean(),
  total_units: z.number().int(),
  available_units: z.number().int(),
  photos: z.number().int(),
  /** Why the property cannot be listed now; null when it can (or already is). */
  problem: z.string().nullable(),
  /**
   * Available units the public sees without a rent: offered as themselves, having no floor plan
   * or an inactive one (a rent is a floor plan's). The first LISTING_UNITS_NAMED by unit number.
   */
  units_without_rent: z.array(
    z.object({ unit_id: z.number().int(), unit_number: z.string(), building_name: z.string().nullable() }),
  ),
  units_without_rent_count: z.number().int(),
});
export type PropertyListing = z.infer<typeof propertyListingSchema>;
