import { z } from "zod";
import { declareColumns, fieldLabelsOf, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { TEXT_LIMITS } from "./text.ts";

export const ZONES_PAGE_SIZE = 2000;

const INFO = "Zone Information";
const PROPERTY = "Property Information";
const LOCATION = "Location";
const STATISTICS = "Statistics";

/**
 * The zones grid (spec records 2.6, 3.9, 9), declared once. A zone groups buildings of one
 * property; its figures are those of its buildings. Sort keys name the tables as the spec's other
 * grids do ("z." the zone, "p." its property, "a."/"s." the property's address and state).
 */
export const ZONE_COLUMNS = declareColumns({
  name: { label: "Zone Name", type: "text", sortKey: "z.name", category: INFO, field: "name" },
  property_name: { label: "Property Name", type: "text", sortKey: "p.name", category: PROPERTY, field: "property_id" },
  description: { label: "Description", type: "text", category: INFO, defaultVisible: false, field: "description" },
  logo: { label: "Logo URL", type: "text", category: INFO, defaultVisible: false, field: "logo" },
  secondary_url: {
    label: "Secondary URL",
    type: "text",
    category: INFO,
    defaultVisible: false,
    field: "secondary_url",
  },
  url: { label: "URL", type: "text", sortKey: "z.url", category: INFO, field: "url" },
  tax_id: { label: "Tax ID", type: "text", sortKey: "z.tax_id", category: INFO, field: "tax_id" },
  city: { label: "City", type: "text", sortKey: "a.city", category: LOCATION },
  state_name: { label: "State", type: "text", sortKey: "s.state_name", category: LOCATION },
  building_count: { label: "Buildings", type: "number", sortKey: "building_count", category: STATISTICS },
  total_units: { label: "Units", type: "number", sortKey: "total_units", category: STATISTICS },
  occupied_units: { label: "Occupied Units", type: "number", sortKey: "occupied_units", category: STATISTICS },
  occupancy_rate: { label: "Occupancy Rate", sortKey: "occupied_units/total_units", category: STATISTICS },
  created_date: { label: "Created Date", type: "date", sortKey: "z.created_date", defaultVisible: false },
  last_modified_date: { label: "Last Modified", type: "date", sortKey: "z.last_modified_date", defaultVisible: false },
});
export const ZONE_SORT_KEYS = sortKeysOf(ZONE_COLUMNS);
export const ZONE_FILTER_TYPES = filterTypesOf(ZONE_COLUMNS);

export const zoneListQuerySchema = listQuerySchema({
  columns: ZONE_COLUMNS,
  defaultSort: "z.name",
  maxLimit: ZONES_PAGE_SIZE,
});

/** A zone as a create or update answers it: its id and the form fields as stored. */
export const zoneRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  secondary_url: z.string().nullable(),
  url: z.string().nullable(),
  tax_id: z.string().nullable(),
  property_id: z.string(),
});
export type ZoneRecord = z.infer<typeof zoneRecordSchema>;

/** A zone as the list answers it (spec records 3.9): the record, its property and location, its buildings' figures. */
export const zoneRowSchema = zoneRecordSchema.extend({
  property: z.object({ name: z.string() }),
  address: z.object({ city: z.string().nullable(), state: z.object({ state_name: z.string().nullable() }) }),
  /** The buildings in the zone, and the units (and occupied units) in those buildings. */
  building_count: z.number().int(),
  total_units: z.number().int(),
  occupied_units: z.number().int(),
  created_by: z.number().int().nullable(),
  created_date: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
});
export type ZoneRow = z.infer<typeof zoneRowSchema>;

export const zoneListSchema = z.object({
  zones: z.array(zoneRowSchema),
  offset: z.number().int(),
  count: z.number().int(),
  total_count: z.number().int(),
});

export const ZONE_NAME_MAX = 200;
export const ZONE_URL_MAX = TEXT_LIMITS.longText;
export const ZONE_DESCRIPTION_MAX = TEXT_LIMITS.longText;
export const ZONE_TAX_ID_MAX = 30;

/** The URL fields of the zone form with the labels its messages name them by. */
const URL_LABELS = { logo: "Logo URL", secondary_url: "Secondary URL", url: "URL" } as const;

export const zoneMessages = {
  nameRequired: "Zone name is required",
  nameTooLong: `Zone name must be at most ${ZONE_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${ZONE_DESCRIPTION_MAX.toLocaleString("en-US")} characters`,
  urlInvalid: (label: string) => `${label} must be a full web address starting with https:// or http://`,
  urlTooLong: (label: string) => `${label} must be at most ${ZONE_URL_MAX.toLocaleString("en-US")} characters`,
  taxId: `Tax ID must be ${ZONE_TAX_ID_MAX} characters at most, of digits, letters, dashes, dots, slashes and spaces, with a digit`,
  propertyRequired: "Choose the property this zone belongs to",
  propertyUnknown: "That property does not exist in your organization",
  propertyNotFound: "Property not found",
  notFound: "Zone not found",
  loadFailed: "Failed to load zones. Please try again later.",
  overviewFailed: "Failed to load the zone's figures. Please try again later.",
  selectToEdit: "Please select a zone to edit",
  selectOneToEdit: "Please select only one zone to edit",
  selectOneForHistory: "Please select a single zone to view history",
  selectToDelete: "Please select the zones to delete",
  saveFailed: "Failed to save zone",
  createFailed: "Failed to create zone",
  deleteFailed: "Failed to delete zone",
  emptyTitle: "No Zones Found",
  emptyText: "Get started by adding your first zone.",
  emptyNoMatch: "No zones match the filters.",
  add: "Add Zone",
} as const;

/** An absolute http(s) address with a host: what a browser can open from the zone's page. */
export function isWebAddress(text: string) {
  // A host must follow the scheme: the URL parser would read "https:///path" as the host "path".
  if (!/^https?:\/\/[^\s/?#]/i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0 && !/\s/.test(text);
  } catch {
    return false;
  }
}

/** Trimmed text that may be left empty (stored as null). */
const optionalText = (max: number, message: string, notText = message) =>
  z
    .string({ error: notText })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalUrl = (label: string) =>
  optionalText(ZONE_URL_MAX, zoneMessages.urlTooLong(label), zoneMessages.urlInvalid(label)).refine(
    (v) => v === null || isWebAddress(v),
    zoneMessages.urlInvalid(label),
  );

// A tax id as people write them (an EIN 12-3456789, a state number, a VAT id): loosely checked.
const TAX_ID = /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9 ./-]*$/;

/** The zone form (spec records 2.6, 5), checked the same way in the dialog and on the server. */
export const zoneFormSchema = z.object({
  name: z
    .string({ error: zoneMessages.nameRequired })
    .trim()
    .min(1, zoneMessages.nameRequired)
    .max(ZONE_NAME_MAX, zoneMessages.nameTooLong),
  description: optionalText(ZONE_DESCRIPTION_MAX, zoneMessages.descriptionTooLong),
  logo: optionalUrl(URL_LABELS.logo),
  secondary_url: optionalUrl(URL_LABELS.secondary_url),
  url: optionalUrl(URL_LABELS.url),
  tax_id: optionalText(ZONE_TAX_ID_MAX, zoneMessages.taxId).refine(
    (v) => v === null || TAX_ID.test(v),
    zoneMessages.taxId,
  ),
  property_id: z.uuid({ error: zoneMessages.propertyRequired }),
});
export type ZoneForm = z.infer<typeof zoneFormSchema>;
export type ZoneFormInput = z.input<typeof zoneFormSchema>;

export const zoneResponseSchema = z.object({ zone: zoneRecordSchema });

/** Labels of the audited fields, as the History dialog shows them: those of the columns showing them. */
export const ZONE_FIELD_LABELS = fieldLabelsOf(ZONE_COLUMNS) as Record<keyof ZoneForm, string>;

/** The buildings a zone overview lists at most; its figures count them all. */
export const ZONE_OVERVIEW_BUILDINGS = 200;

/** GET /api/v1/zones/{id}/overview: the zone at a glance, its property and what is in it. */
export const zoneOverviewSchema = z.object({
  zone: zoneRecordSchema,
  property: z.object({
    id: z.string(),
    name: z.string(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipcode: z.string().nullable(),
  }),
  /** Counted from the zone's buildings and their units as they are now. */
  figures: z.object({
    buildings: z.number().int(),
    units: z.number().int(),
    occupied_units: z.number().int(),
  }),
  /** The zone's buildings by name, at most ZONE_OVERVIEW_BUILDINGS of them. */
  buildings: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      building_number: z.number().nullable(),
      total_units: z.number().int(),
      occupied_units: z.number().int(),
    }),
  ),
});
export type ZoneOverview = z.infer<typeof zoneOverviewSchema>;

/** GET /api/v1/properties/{id}/zones: the zones a building of that property can be put in, by name. */
export const PROPERTY_ZONES_MAX = 1000;
export const propertyZonesParamsSchema = z.object({ id: z.uuid("Not a property id") });
export const propertyZonesSchema = z.object({
  zones: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
