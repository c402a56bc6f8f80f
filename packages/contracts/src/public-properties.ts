import { z } from "zod";
import { imageIdSchema } from "./images.ts";
import { storedOpeningHoursSchema } from "./opening-hours.ts";

/** Public listings: properties of every organization whose show_property_online is set (docs/decisions/007). */

/** The radii a visitor may search within (miles); the default covers a metro area. */
export const PUBLIC_SEARCH_RADII = [5, 10, 25, 50] as const;
export type PublicSearchRadius = (typeof PUBLIC_SEARCH_RADII)[number];
/** Properties farther than this from the searched ZIP code's centre are not listed, unless the visitor widens it. */
export const PUBLIC_SEARCH_RADIUS_MILES: PublicSearchRadius = 25;
/** Result cards per page. */
export const PUBLIC_SEARCH_PAGE_SIZE = 24;
/** The highest page a search may ask for (a bound on OFFSET, far past any real result list). */
export const PUBLIC_SEARCH_MAX_PAGE = 500;
/** The bedroom choices of the search: a studio has none; "3+" is three or more. */
export const PUBLIC_BEDROOM_CHOICES = ["studio", "1", "2", "3plus"] as const;
export type PublicBedroomChoice = (typeof PUBLIC_BEDROOM_CHOICES)[number];
export const PUBLIC_BEDROOM_LABELS: Record<PublicBedroomChoice, string> = {
  studio: "Studio",
  "1": "1 bedroom",
  "2": "2 bedrooms",
  "3plus": "3+ bedrooms",
};
export const PUBLIC_SORTS = ["distance", "rent", "newest"] as const;
export type PublicSort = (typeof PUBLIC_SORTS)[number];
export const PUBLIC_SORT_LABELS: Record<PublicSort, string> = {
  distance: "Nearest first",
  rent: "Lowest rent first",
  newest: "Newest listings first",
};
/**
 * Residential listings by default: property types of the Residential category, and the mixed-use
 * types that hold homes (apartments over shops, live/work units). The "Commercial" toggle shows
 * every other type.
 */
export const MIXED_USE_HOME_TYPE_CODES = ["MXR", "LWK"] as const;
export const PUBLIC_LISTING_KINDS = ["residential", "commercial"] as const;
export type PublicListingKind = (typeof PUBLIC_LISTING_KINDS)[number];
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
  badBedrooms: "Choose Studio, 1, 2 or 3+ bedrooms",
  badMaxRent: "Enter a maximum rent in whole dollars",
  badRadius: "Choose a radius of 5, 10, 25 or 50 miles",
  badSort: "Sort by distance, rent or newest",
  badPage: `Pages run from 1 to ${PUBLIC_SEARCH_MAX_PAGE}`,
  badListingKind: "Choose residential or commercial listings",
  noVacancy: "No units available right now",
} as const;

export const zipcodeSchema = z
  .string(publicPropertyMessages.badZipcode)
  .trim()
  .regex(/^\d{5}$/, publicPropertyMessages.badZipcode);

/** A whole number written in the query string, within [min, max]. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string(message)
    .trim()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

/** GET /public/properties: every parameter but the ZIP code is optional and has a default. */
export const publicPropertiesQuerySchema = z.object({
  zipcode: zipcodeSchema,
  bedrooms: z.enum(PUBLIC_BEDROOM_CHOICES, publicPropertyMessages.badBedrooms).optional(),
  max_rent: wholeNumber(1, 1_000_000, publicPropertyMessages.badMaxRent).optional(),
  radius: z
    .enum(PUBLIC_SEARCH_RADII.map(String) as [string, ...string[]], publicPropertyMessages.badRadius)
    .default(String(PUBLIC_SEARCH_RADIUS_MILES))
    .transform((r) => Number(r) as PublicSearchRadius),
  sort: z.enum(PUBLIC_SORTS, publicPropertyMessages.badSort).default("distance"),
  page: wholeNumber(1, PUBLIC_SEARCH_MAX_PAGE, publicPropertyMessages.badPage).default(1),
  kind: z.enum(PUBLIC_LISTING_KINDS, publicPropertyMessages.badListingKind).default("residential"),
});
export type PublicPropertiesQuery = z.output<typeof publicPropertiesQuerySchema>;

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

const range = z.object({ min: z.number(), max: z.number() }).nullable();

/**
 * What a home seeker decides on, from the organization's own records: the property's available
 * (vacant) units, each described by its active floor plan or, without one, by itself; the ranges
 * over all of them (null when none of them says: a unit without a plan shows no rent), their
 * count, and the parking spots (decision 021).
 */
export const publicListingFactsSchema = z.object({
  rent: range,
  bedrooms: range,
  square_feet: range,
  available_units: z.number().int(),
  parking_spots: z.number().int().nullable(),
  /** The pet policy as people read it ("Cats only"); null when the organization has not recorded one. */
  pets: z.string().nullable(),
  /** The first photo by display order; null when the property has none. */
  cover_image: z.object({ url: z.string() }).nullable(),
});
export type PublicListingFacts = z.infer<typeof publicListingFactsSchema>;

/** Spec "Public property listing": a listed property always has an address, and its distance from the ZIP's centre. */
export const publicPropertyListingSchema = publicPropertySchema.extend(publicListingFactsSchema.shape).extend({
  address: publicAddressSchema,
  distance_miles: z.number(),
});
export type PublicPropertyListing = z.infer<typeof publicPropertyListingSchema>;

/** The searched ZIP code as the directory knows it; null when it is not a US ZIP code we know. */
export const publicSearchOriginSchema = z
  .object({ zipcode: z.string(), city: z.string(), state_code: z.string() })
  .nullable();

export const publicPropertyListSchema = z.object({
  properties: z.array(publicPropertyListingSchema),
  /** Every listing the search matches, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  radius_miles: z.number(),
  origin: publicSearchOriginSchema,
});
export type PublicPropertyList = z.infer<typeof publicPropertyListSchema>;

/** An active floor plan of a listed property that has available units, and how many. */
export const publicFloorPlanSchema = z.object({
  /** What an application names as the plan applied for. */
  id: z.number().int(),
  name: z.string(),
  bedrooms: z.number(),
  bathrooms: z.number(),
  square_feet: z.number().int().nullable(),
  rent: z.number(),
  available_units: z.number().int(),
});
export type PublicFloorPlan = z.infer<typeof publicFloorPlanSchema>;

/**
 * An available unit offered as itself: it has no floor plan, or one no longer offered (inactive).
 * It shows its own bedrooms, bathrooms and size, and no rent (a rent is a floor plan's).
 */
export const publicUnitSchema = z.object({
  /** What an application names as the unit applied for. */
  id: z.number().int(),
  unit_number: z.string(),
  building_name: z.string().nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  square_feet: z.number().int().nullable(),
});
export type PublicUnit = z.infer<typeof publicUnitSchema>;

/**
 * A unit whose tenant has given notice: still occupied, offered from the day it becomes available
 * (issue 27 item 13). Not counted in `available_units` and not applied for yet: it is shown so a
 * home seeker can plan, by its active floor plan (with the plan's rent) or as itself.
 */
export const publicComingUnitSchema = z.object({
  id: z.number().int(),
  unit_number: z.string(),
  building_name: z.string().nullable(),
  /** The active floor plan's name; null when it is offered as itself. */
  floor_plan: z.string().nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  square_feet: z.number().int().nullable(),
  rent: z.number().nullable(),
  /** YYYY-MM-DD, after the organization's today. */
  available_on: z.string(),
});
export type PublicComingUnit = z.infer<typeof publicComingUnitSchema>;

/** A staff member the organization made a public contact (only the fields meant for the public). */
export const publicContactSchema = z.object({
  name: z.string(),
  job_title: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
});
export type PublicContact = z.infer<typeof publicContactSchema>;

/**
 * A listed property's page: its facts, its available units (by floor plan, and those offered as
 * themselves; together they are `available_units`), office hours and contacts.
 */
export const publicPropertyDetailsSchema = publicPropertySchema.extend(publicListingFactsSchema.shape).extend({
  floor_plans: z.array(publicFloorPlanSchema),
  units: z.array(publicUnitSchema),
  /** Units on notice, soonest first (at most 100). */
  coming_available: z.array(publicComingUnitSchema),
  opening_hours: storedOpeningHoursSchema.nullable(),
  contacts: z.array(publicContactSchema),
});
export type PublicPropertyDetails = z.infer<typeof publicPropertyDetailsSchema>;

export const publicPropertyIdParamsSchema = z.object({ id: z.uuid("Not a property id") });
export const publicPropertySlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const publicPropertyImageParamsSchema = z.object({
  id: z.uuid("Not a property id"),
  imageId: imageIdSchema,
});

export const publicPropertyImageSchema = z.object({
  image_id: imageIdSchema,
  display_order: z.number().int(),
  image: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }),
});
export type PublicPropertyImage = z.infer<typeof publicPropertyImageSchema>;

/** Spec: a list of images, sorted by display_order, one entry per image_id. */
export const publicPropertyImageListSchema = z.array(publicPropertyImageSchema);

/** Where the public fetches a property image's bytes. */
export const publicPropertyImageUrl = (propertyId: string, imageId: string) =>
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
