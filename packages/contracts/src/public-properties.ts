import { z } from "zod";

/** Public listings: properties of every organization whose show_property_online is set (docs/decisions/007). */

/** Properties farther than this from the searched ZIP code's centre are not listed. */
export const PUBLIC_SEARCH_RADIUS_MILES = 25;
/** At most this many properties per search, nearest first. */
export const PUBLIC_SEARCH_MAX_RESULTS = 100;
/** Areas suggested on /properties before a search: those with the most listed homes. */
export const PUBLIC_AREAS_MAX = 24;
/** "Use my location" finds no ZIP code when the nearest known centre is farther than this. */
export const NEAREST_ZIP_MAX_MILES = PUBLIC_SEARCH_RADIUS_MILES;
/** Spec section 9: browser geolocation gives up after 10 s. */
export const GEOLOCATION_TIMEOUT_MS = 10_000;
/** Spec section 9 (properties by zip): fresh 5 minutes, kept 30. */
export const PUBLIC_PROPERTIES_STALE_MINUTES = 5;
export const PUBLIC_PROPERTIES_GC_MINUTES = 30;

export const publicPropertyMessages = {
  badZipcode: "Enter a 5-digit ZIP code",
  badLatitude: "Latitude must be a number between -90 and 90",
  badLongitude: "Longitude must be a number between -180 and 180",
  noZipForCoordinates: "No zip code found for the provided coordinates",
  geocodingFailed: "Could not contact the zip code lookup. Please enter a zip code manually.",
  locationDenied: "Location access was denied. You can still search by entering a zip code manually.",
  locationUnavailable: "Location information is unavailable. Please try again or enter a zip code manually.",
  locationTimeout: "Location request timed out. Please try again or enter a zip code manually.",
  locationUnknown: "An unknown error occurred. Please enter a zip code manually.",
  noProperties: "No properties found in this area. Try a different zip code.",
  loadFailed: "Error loading properties. Please try again.",
  propertyNotFound: "Property not found",
  loadPropertyFailed: "Error loading property:",
  noImages: "No images available",
  imageNotFound: "Image not found",
  imagesFailed: "Failed to fetch images",
} as const;

export const zipcodeSchema = z
  .string(publicPropertyMessages.badZipcode)
  .trim()
  .regex(/^\d{5}$/, publicPropertyMessages.badZipcode);

export const publicPropertiesQuerySchema = z.object({ zipcode: zipcodeSchema });

/** A decimal degree within [min, max]; a blank or non-numeric value is refused, not read as 0. */
const degrees = (min: number, max: number, message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^[-+]?\d{1,3}(\.\d+)?$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

export const nearestZipQuerySchema = z.object({
  lat: degrees(-90, 90, publicPropertyMessages.badLatitude),
  lon: degrees(-180, 180, publicPropertyMessages.badLongitude),
});

export const nearestZipSchema = z.object({
  zipcode: z.string(),
  city: z.string(),
  state_code: z.string(),
  /** From the given coordinates to the ZIP code's centre. */
  distance_miles: z.number(),
});
export type NearestZip = z.infer<typeof nearestZipSchema>;

export const publicAddressSchema = z.object({
  address_line_1: z.string(),
  city: z.string(),
  state: z.object({ state_name: z.string() }),
  zipcode: z.string(),
});

/** What the public may see of a property; nothing else (no organization, no internal fields) leaves the server. */
export const publicPropertySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  property_slug: z.string().nullable(),
  property_type: z.object({ name: z.string() }),
  address: publicAddressSchema.nullable(),
});
export type PublicProperty = z.infer<typeof publicPropertySchema>;

/** Spec "Public property listing": a listed property always has an address, and its distance from the ZIP's centre. */
export const publicPropertyListingSchema = publicPropertySchema.extend({
  address: publicAddressSchema,
  distance_miles: z.number(),
  /** The first photo by display order, for the result card; null when the property has none. */
  cover_image: z.object({ url: z.string() }).nullable(),
});
export type PublicPropertyListing = z.infer<typeof publicPropertyListingSchema>;

export const publicPropertyListSchema = z.object({ properties: z.array(publicPropertyListingSchema) });

export const publicPropertyIdParamsSchema = z.object({ id: z.uuid("Not a property id") });
export const publicPropertySlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const publicPropertyImageParamsSchema = z.object({
  id: z.uuid("Not a property id"),
  imageId: z.coerce.number().int().positive(),
});

export const publicPropertyImageSchema = z.object({
  image_id: z.number().int(),
  display_order: z.number().int(),
  image: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type PublicPropertyImage = z.infer<typeof publicPropertyImageSchema>;

/** Spec: a list of images, sorted by display_order, one entry per image_id. */
export const publicPropertyImageListSchema = z.array(publicPropertyImageSchema);

/** Where the public fetches a property image's bytes. */
export const publicPropertyImageUrl = (propertyId: string, imageId: number) =>
  `/api/v1/public/properties/${propertyId}/images/${imageId}`;

/** A ZIP code with listed homes, suggested on /properties. */
export const publicAreaSchema = z.object({
  zipcode: z.string(),
  city: z.string(),
  state: z.object({ state_name: z.string() }),
  listings: z.number().int(),
});
export type PublicArea = z.infer<typeof publicAreaSchema>;
export const publicAreaListSchema = z.object({ areas: z.array(publicAreaSchema) });
