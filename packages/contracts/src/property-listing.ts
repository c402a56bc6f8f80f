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
} as const;

/** What stops a property from being listed, or null when it may be (`null` counts: a property not created yet). */
export function listingProblem(counts: { total_units: number; occupied_units: number } | null): string | null {
  if (counts === null) return listingMessages.newProperty;
  if (counts.total_units === 0) return listingMessages.noUnits;
  if (counts.total_units - counts.occupied_units <= 0) return listingMessages.allOccupied(counts.total_units);
  return null;
}

/** GET /api/v1/properties/{id}/listing: what the property's public listing shows and lacks. */
export const propertyListingSchema = z.object({
  listed: z.boolean(),
  total_units: z.number().int(),
  available_units: z.number().int(),
  photos: z.number().int(),
  /** Why the property cannot be listed now; null when it can (or already is). */
  problem: z.string().nullable(),
});
export type PropertyListing = z.infer<typeof propertyListingSchema>;
