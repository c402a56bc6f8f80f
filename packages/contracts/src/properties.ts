import { z } from "zod";
import { declareColumns, fieldLabelsOf, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { numberText } from "./number-text.ts";
import { openingHoursSchema, storedOpeningHoursSchema } from "./opening-hours.ts";
import { PROPERTY_TYPE_CATEGORIES } from "./property-types.ts";

/** Spec records 9: properties come 200 rows a page. */
export const PROPERTIES_PAGE_SIZE = 200;
export const LOT_SIZE_UNITS = ["acres", "sq ft"] as const;
/** Whether pets may live at the property; null when the organization has not said. */
export const PET_POLICIES = ["allowed", "cats_only", "dogs_only", "not_allowed"] as const;
export type PetPolicy = (typeof PET_POLICIES)[number];
export const PET_POLICY_LABELS: Record<PetPolicy, string> = {
  allowed: "Pets allowed",
  cats_only: "Cats only",
  dogs_only: "Dogs only",
  not_allowed: "No pets",
};

const INFO = "Property Information";
const TYPE = "Property Type";
const MANAGER = "Property Manager";
const LOCATION = "Location";
const STATISTICS = "Statistics";
const DETAILS = "Details";
const LISTING = "Public Listing";

/** The properties grid (spec records 3.3), declared once (decision 013). */
export const PROPERTY_COLUMNS = declareColumns({
  name: { label: "Property Name", type: "text", sortKey: "p.name", category: INFO, field: "name" },
  property_slug: { label: "Slug", type: "text", sortKey: "p.property_slug", category: LISTING, field: "property_slug" },
  status: { label: "Status", type: "text", sortKey: "p.is_active", category: INFO, field: "is_active" },
  created_date: { label: "Created Date", type: "date", sortKey: "p.created_date", defaultVisible: false },
  last_modified_date: { label: "Last Modified", type: "date", sortKey: "p.last_modified_date", defaultVisible: false },
  type_name: { label: "Property Type", type: "text", sortKey: "pt.name", category: TYPE, field: "property_type_id" },
  type_description: {
    label: "Type Description",
    type: "text",
    sortKey: "pt.description",
    category: TYPE,
    defaultVisible: false,
  },
  manager_name: {
    label: "Manager",
    type: "text",
    sortKey: "pm.name",
    category: MANAGER,
    field: "property_manager_id",
  },
  manager_email: { label: "Manager Email", type: "text", sortKey: "pm.email", category: MANAGER },
  address_line_1: {
    label: "Address Line 1",
    type: "text",
    sortKey: "a.address_line_1",
    category: LOCATION,
    field: "address_line_1",
  },
  address_line_2: {
    label: "Address Line 2",
    type: "text",
    sortKey: "a.address_line_2",
    category: LOCATION,
    defaultVisible: false,
    field: "address_line_2",
  },
  address_line_3: {
    label: "Address Line 3",
    type: "text",
    category: LOCATION,
    defaultVisible: false,
    field: "address_line_3",
  },
  city: { label: "City", type: "text", sortKey: "a.city", category: LOCATION, field: "city" },
  state_name: { label: "State", type: "text", sortKey: "s.state_name", category: LOCATION, field: "state_code" },
  zipcode: { label: "ZIP Code", type: "text", sortKey: "a.zipcode", category: LOCATION, field: "zipcode" },
  latitude: { label: "Latitude", type: "number", category: LOCATION, defaultVisible: false, field: "latitude" },
  longitude: { label: "Longitude", type: "number", category: LOCATION, defaultVisible: false, field: "longitude" },
  total_buildings: { label: "Buildings", type: "number", sortKey: "p.total_buildings", category: STATISTICS },
  total_units: { label: "Total Units", type: "number", sortKey: "p.total_units", category: STATISTICS },
  occupied_units: { label: "Occupied Units", type: "number", sortKey: "p.occupied_units", category: STATISTICS },
  occupancy_rate: { label: "Occupancy Rate", sortKey: "p.occupied_units/p.total_units", category: STATISTICS },
  lot_size: { label: "Lot Size", type: "number", category: DETAILS, defaultVisible: false, field: "lot_size" },
  lot_size_unit: {
    label: "Lot Size Unit",
    type: "text",
    category: DETAILS,
    defaultVisible: false,
    field: "lot_size_unit",
  },
  number_of_parking_spots: {
    label: "Parking Spaces",
    type: "number",
    category: DETAILS,
    defaultVisible: false,
    field: "number_of_parking_spots",
  },
  pet_policy: { label: "Pets", type: "text", category: DETAILS, defaultVisible: false, field: "pet_policy" },
  year_built: { label: "Year Built", type: "number", category: DETAILS, defaultVisible: false, field: "year_built" },
  last_renovated: {
    label: "Last Renovated",
    type: "date",
    category: DETAILS,
    defaultVisible: false,
    field: "last_renovated",
  },
  listed_online: {
    label: "Listed Online",
    type: "text",
    category: LISTING,
    defaultVisible: false,
    field: "show_property_online",
  },
  opening_hours: { label: "Opening Hours", category: DETAILS, defaultVisible: false, field: "opening_hours" },
});
export const PROPERTY_SORT_KEYS = sortKeysOf(PROPERTY_COLUMNS);
export const PROPERTY_FILTER_TYPES = filterTypesOf(PROPERTY_COLUMNS);

export const propertyListQuerySchema = listQuerySchema({
  columns: PROPERTY_COLUMNS,
  defaultSort: "p.name",
  maxLimit: PROPERTIES_PAGE_SIZE,
});

export const stateSchema = z.object({
  id: z.number().int(),
  state_code: z.string().length(2),
  state_name: z.string(),
  country_id: z.number().int(),
});

/** Spec records 3.4. */
export const addressSchema = z.object({
  id: z.number().int(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  address_line_3: z.string().nullable(),
  city: z.string(),
  state_id: z.number().int(),
  zipcode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  address_type: z.string(),
  primary_address: z.boolean(),
  state: stateSchema,
});
export type Address = z.infer<typeof addressSchema>;

const auditFields = {
  created_by: z.number().int().nullable(),
  created_date: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
};

/** A property as the grid, the editor and the API's answers carry it (spec records 3.3). */
export const propertyRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  property_type_id: z.number().int(),
  property_manager_id: z.number().int().nullable(),
  address_id: z.number().int().nullable(),
  is_active: z.boolean(),
  lot_size: z.number().nullable(),
  lot_size_unit: z.string().nullable(),
  number_of_parking_spots: z.number().int().nullable(),
  pet_policy: z.enum(PET_POLICIES).nullable(),
  property_slug: z.string().nullable(),
  show_property_online: z.boolean(),
  year_built: z.number().int().nullable(),
  last_renovated: z.string().nullable(),
  opening_hours: storedOpeningHoursSchema.nullable(),
  total_units: z.number().int(),
  occupied_units: z.number().int(),
  total_buildings: z.number().int(),
  ...auditFields,
  property_type: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.enum(PROPERTY_TYPE_CATEGORIES),
    is_active: z.boolean(),
  }),
  property_manager: z
    .object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      user_name: z.string().nullable(),
    })
    .nullable(),
  address: addressSchema.nullable(),
});
export type PropertyRow = z.infer<typeof propertyRowSchema>;

/** Spec records 7: GET /api/v1/properties/details. */
export const propertyListSchema = z.object({
  properties: z.array(propertyRowSchema),
  count: z.number().int(),
  total_count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  sort_by: z.string(),
  sort_desc: z.boolean(),
});

export const propertyMessages = {
  nameRequired: "Property name is required",
  nameTooLong: "Property name must be at most 200 characters",
  typeRequired: "Choose the property's type from the list",
  managerUnknown: "Choose the manager from the list of your organization's people",
  lotSize: "Lot size must be a number from 0 to 1,000,000",
  lotSizeUnit: "Choose acres or sq ft for the lot size",
  petPolicy: "Choose a pet policy from the list",
  parking: "Parking spaces must be a whole number from 0 to 100,000",
  yearBuilt: "Year built must be a year from 1600 to next year",
  lastRenovated: "Last renovated must be a date (YYYY-MM-DD), not in the future",
  slug: "The web address may use lowercase letters, digits and single hyphens (3 to 80 characters)",
  slugTaken: "Another property already has this web address; choose another",
  line1Required: "Street address is required",
  lineTooLong: "Address lines must be at most 200 characters",
  cityRequired: "City is required",
  stateRequired: "Choose the state",
  stateUnknown: "Choose one of the listed states",
  zipcode: "Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)",
  zipOtherState: (zip: string, state: string) => `ZIP code ${zip} is in ${state}`,
  zipUnknown: "This ZIP code is not in our directory; enter the coordinates so the listing can be found by distance",
  latitude: "Latitude must be a number from -90 to 90",
  longitude: "Longitude must be a number from -180 to 180",
  coordinatesPair: "Give both latitude and longitude, or neither",
  notFound: "Property not found",
  loadFailed: "Failed to load properties. Please try again later.",
  selectToEdit: "Please select a property to edit",
  selectOneToEdit: "Please select only one property to edit",
  selectOneForHistory: "Please select a single property to view history",
  selectToDelete: "Please select the properties to delete",
  noSlug: "This property does not have a slug and cannot be viewed on the public page.",
  saveFailed: "Failed to save property",
  createFailed: "Failed to create property",
  deleteFailed: "Failed to delete property",
  hasDependants: (what: string) => `Deleting this property also deletes ${what}. Confirm to go ahead.`,
} as const;

/** Lowercase words joined by single hyphens: what a generated web address looks like. */
export const slugify = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalNumber = (message: string, min: number, max: number, whole = false) => {
  const n = z.number({ error: message }).min(min, message).max(max, message);
  return (whole ? n.int(message) : n).nullish().transform((v) => v ?? null);
};

const isPastOrToday = (day: string) => day <= new Date().toISOString().slice(0, 10);

/** The nested address of the property form (spec records 3.4; the state by its two-letter code). */
export const addressFormSchema = z
  .object({
    address_line_1: z
      .string({ error: propertyMessages.line1Required })
      .trim()
      .min(1, propertyMessages.line1Required)
      .max(200, propertyMessages.lineTooLong),
    address_line_2: optionalText(200, propertyMessages.lineTooLong),
    address_line_3: optionalText(200, propertyMessages.lineTooLong),
    city: z
      .string({ error: propertyMessages.cityRequired })
      .trim()
      .min(1, propertyMessages.cityRequired)
      .max(100, propertyMessages.lineTooLong),
    state_code: z
      .string({ error: propertyMessages.stateRequired })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, propertyMessages.stateRequired),
    zipcode: z
      .string({ error: propertyMessages.zipcode })
      .trim()
      .regex(/^\d{5}(?:-\d{4})?$/, propertyMessages.zipcode),
    latitude: optionalNumber(propertyMessages.latitude, -90, 90),
    longitude: optionalNumber(propertyMessages.longitude, -180, 180),
  })
  .superRefine((a, ctx) => {
    if ((a.latitude === null) !== (a.longitude === null)) {
      ctx.addIssue({
        code: "custom",
        message: propertyMessages.coordinatesPair,
        path: [a.latitude === null ? "latitude" : "longitude"],
      });
    }
  });
export type AddressForm = z.output<typeof addressFormSchema>;

/**
 * The property form with its nested address (POST /properties/with-address, PUT /properties/{id}),
 * checked the same way in the editor and on the server. A missing slug is generated from the name.
 */
export const propertyFormSchema = z.object({
  name: z
    .string({ error: propertyMessages.nameRequired })
    .trim()
    .min(1, propertyMessages.nameRequired)
    .max(200, propertyMessages.nameTooLong),
  property_type_id: z.number({ error: propertyMessages.typeRequired }).int().positive(propertyMessages.typeRequired),
  property_manager_id: z
    .number({ error: propertyMessages.managerUnknown })
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  is_active: z.boolean().default(true),
  lot_size: optionalNumber(propertyMessages.lotSize, 0, 1_000_000),
  lot_size_unit: z
    .enum(LOT_SIZE_UNITS, { error: propertyMessages.lotSizeUnit })
    .nullish()
    .transform((v) => v ?? null),
  number_of_parking_spots: optionalNumber(propertyMessages.parking, 0, 100_000, true),
  pet_policy: z
    .enum(PET_POLICIES, { error: propertyMessages.petPolicy })
    .nullish()
    .transform((v) => v ?? null),
  year_built: z
    .number({ error: propertyMessages.yearBuilt })
    .int(propertyMessages.yearBuilt)
    .min(1600, propertyMessages.yearBuilt)
    .refine((y) => y <= new Date().getUTCFullYear() + 1, propertyMessages.yearBuilt)
    .nullish()
    .transform((v) => v ?? null),
  last_renovated: z
    .string({ error: propertyMessages.lastRenovated })
    .regex(/^\d{4}-\d{2}-\d{2}$/, propertyMessages.lastRenovated)
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && isPastOrToday(d), propertyMessages.lastRenovated)
    .nullish()
    .transform((v) => v ?? null),
  property_slug: z
    .string({ error: propertyMessages.slug })
    .trim()
    .toLowerCase()
    .refine((s) => s === "" || (s.length >= 3 && s.length <= 80 && SLUG_PATTERN.test(s)), propertyMessages.slug)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Off until someone lists the property; listing asks for an available unit (property-listing.ts). */
  show_property_online: z.boolean().default(false),
  opening_hours: openingHoursSchema.nullish().transform((v) => v ?? null),
  address: addressFormSchema,
});
export type PropertyForm = z.output<typeof propertyFormSchema>;
export type PropertyFormInput = z.input<typeof propertyFormSchema>;

const typed = propertyFormSchema.shape;
const typedAddress = addressFormSchema.shape;
/** The property form as typed in the editor: its numbers as text, read the way people write them. */
export const propertyFormTextSchema = propertyFormSchema.extend({
  lot_size: numberText("Lot size", "decimal", typed.lot_size),
  number_of_parking_spots: numberText("Parking spaces", "whole", typed.number_of_parking_spots),
  year_built: numberText("Year built", "whole", typed.year_built),
  address: z.object({
    ...typedAddress,
    latitude: numberText("Latitude", "decimal", typedAddress.latitude),
    longitude: numberText("Longitude", "decimal", typedAddress.longitude),
  }),
});

/** Spec records 7: POST /properties/with-address answers the two records it made. */
export const propertyWithAddressResponseSchema = z.object({ address: addressSchema, property: propertyRowSchema });
/** PUT /properties/{id} answers the property (with its address). */
export const propertyResponseSchema = propertyRowSchema;

export const propertyIdParamsSchema = z.object({ id: z.uuid(propertyMessages.notFound) });

/** What a property's delete takes with it, as its confirmation names it. */
export const propertyDependantsSchema = z.object({
  buildings: z.number().int(),
  units: z.number().int(),
  floor_plans: z.number().int(),
  zones: z.number().int(),
});
export type PropertyDependants = z.infer<typeof propertyDependantsSchema>;

/** "3 buildings, 120 units and 4 floor plans"; empty when it takes nothing. */
export function dependantsText(d: PropertyDependants) {
  const parts = (
    [
      [d.buildings, "building", "buildings"],
      [d.units, "unit", "units"],
      [d.floor_plans, "floor plan", "floor plans"],
      [d.zones, "zone", "zones"],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
}

export const propertyDeleteQuerySchema = z.object({
  /** The user confirmed that the property's buildings, units, floor plans and zones go with it. */
  cascade: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});

/** Labels of the audited fields, as the History dialog shows them: those of the columns showing them. */
export const PROPERTY_FIELD_LABELS = fieldLabelsOf(PROPERTY_COLUMNS);

/** GET /api/v1/zipcodes/{zipcode}: what a ZIP code tells an address form. */
export const zipcodeInfoSchema = z.object({
  zipcode: z.string(),
  city: z.string(),
  state_code: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type ZipcodeInfo = z.infer<typeof zipcodeInfoSchema>;
