import { z } from "zod";
import { declareColumns, fieldLabelsOf, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { numberText } from "./number-text.ts";

export const BUILDINGS_PAGE_SIZE = 2000;

const INFO = "Building Information";
const PROPERTY = "Property Information";
const STATISTICS = "Statistics";
const LOCATION = "Location";

/** The buildings grid (spec records 3.1, 9), declared once: sort keys exactly as the client sends them. */
export const BUILDING_COLUMNS = declareColumns({
  name: { label: "Building Name", type: "text", sortKey: "b.name", category: INFO, field: "name" },
  building_number: {
    label: "Building Number",
    type: "number",
    sortKey: "b.building_number",
    category: INFO,
    field: "building_number",
  },
  created_date: { label: "Created Date", type: "date", sortKey: "b.created_date", defaultVisible: false },
  last_modified_date: { label: "Last Modified", type: "date", sortKey: "b.last_modified_date", defaultVisible: false },
  property_name: { label: "Property Name", type: "text", sortKey: "p.name", category: PROPERTY, field: "property_id" },
  // The zone of the building's property it is in, if any (issue 12, item 6).
  zone_name: {
    label: "Zone",
    type: "text",
    sortKey: "z.name",
    category: PROPERTY,
    defaultVisible: false,
    field: "zone_id",
  },
  building_type_name: {
    label: "Building Type",
    type: "text",
    sortKey: "bt.name",
    category: INFO,
    field: "building_type",
  },
  // What the user planned (typed in the form), beside what is counted from the units entered.
  number_of_units: {
    label: "Planned Units",
    type: "number",
    category: STATISTICS,
    defaultVisible: false,
    exportHeader: "Number of Units",
    field: "number_of_units",
  },
  total_units: { label: "Total Units", type: "number", sortKey: "total_units", category: STATISTICS },
  occupied_units: { label: "Occupied Units", type: "number", sortKey: "occupied_units", category: STATISTICS },
  occupancy_rate: { label: "Occupancy Rate", sortKey: "occupied_units/total_units", category: STATISTICS },
  city: { label: "City", type: "text", sortKey: "a.city", category: LOCATION },
  state_name: { label: "State", type: "text", sortKey: "s.state_name", category: LOCATION },
});
export const BUILDING_SORT_KEYS = sortKeysOf(BUILDING_COLUMNS);
export const BUILDING_FILTER_TYPES = filterTypesOf(BUILDING_COLUMNS);

export const buildingListQuerySchema = listQuerySchema({
  columns: BUILDING_COLUMNS,
  defaultSort: "b.name",
  maxLimit: BUILDINGS_PAGE_SIZE,
});

export const buildingRowSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  building_number: z.number().nullable(),
  number_of_units: z.number().int(),
  building_type: z.number().int().nullable(),
  building_type_name: z.string().nullable(),
  property_id: z.string(),
  property_name: z.string(),
  zone_id: z.number().int().nullable(),
  zone_name: z.string().nullable(),
  total_units: z.number().int(),
  occupied_units: z.number().int(),
  address: z.object({ city: z.string().nullable(), state: z.object({ state_name: z.string().nullable() }) }),
  created_by: z.number().int().nullable(),
  created_date: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
});
export type BuildingRow = z.infer<typeof buildingRowSchema>;

export const buildingListSchema = z.object({
  buildings: z.array(buildingRowSchema),
  offset: z.number().int(),
  count: z.number().int(),
  total_count: z.number().int(),
});

export const buildingMessages = {
  nameRequired: "Building name is required",
  nameTooLong: "Building name must be at most 200 characters",
  buildingNumber: "Building number must be a whole number of 0 or more",
  numberOfUnits: "Planned units must be a whole number from 0 to 100,000",
  buildingType: "Choose a building type from the list",
  propertyRequired: "Choose the property this building belongs to",
  propertyUnknown: "That property does not exist in your organization",
  zone: "Choose a zone from the list",
  zoneUnknown: "That zone does not exist in your organization",
  zoneOfOtherProperty: "That zone belongs to another property; choose one of this building's property",
  notFound: "Building not found",
  loadFailed: "Failed to load buildings. Please try again later.",
  selectToEdit: "Please select a building to edit",
  selectOneToEdit: "Please select only one building to edit",
  selectOneForHistory: "Please select a single building to view history",
  selectToDelete: "Please select the buildings to delete",
  saveFailed: "Failed to save building",
  createFailed: "Failed to create building",
  deleteFailed: "Failed to delete building",
} as const;

/** The building form (spec records 2.2, 5), checked the same way in the dialog and on the server. */
export const buildingFormSchema = z.object({
  name: z
    .string({ error: buildingMessages.nameRequired })
    .trim()
    .min(1, buildingMessages.nameRequired)
    .max(200, buildingMessages.nameTooLong),
  building_number: z
    .number({ error: buildingMessages.buildingNumber })
    .int(buildingMessages.buildingNumber)
    .min(0, buildingMessages.buildingNumber)
    .max(Number.MAX_SAFE_INTEGER, buildingMessages.buildingNumber)
    .nullable()
    .default(null),
  number_of_units: z
    .number({ error: buildingMessages.numberOfUnits })
    .int(buildingMessages.numberOfUnits)
    .min(0, buildingMessages.numberOfUnits)
    .max(100_000, buildingMessages.numberOfUnits)
    .default(0),
  building_type: z
    .number({ error: buildingMessages.buildingType })
    .int(buildingMessages.buildingType)
    .positive(buildingMessages.buildingType)
    .nullable()
    .default(null),
  property_id: z.uuid({ error: buildingMessages.propertyRequired }),
  /** The zone of its property the building is in; none by default. */
  zone_id: z
    .number({ error: buildingMessages.zone })
    .int(buildingMessages.zone)
    .positive(buildingMessages.zone)
    .max(Number.MAX_SAFE_INTEGER, buildingMessages.zone)
    .nullish()
    .transform((v) => v ?? null),
});
export type BuildingForm = z.infer<typeof buildingFormSchema>;
export type BuildingFormInput = z.input<typeof buildingFormSchema>;

/** The building form as typed in the dialog: its numbers as text, read the way people write them. */
export const buildingFormTextSchema = buildingFormSchema.extend({
  building_number: numberText("Building number", "whole", buildingFormSchema.shape.building_number),
  number_of_units: numberText("Planned units", "whole", buildingFormSchema.shape.number_of_units),
});

/** A building as a create or update answers it: its id and the form fields as stored. */
export const buildingRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  building_number: z.number().int().nullable(),
  number_of_units: z.number().int(),
  building_type: z.number().int().nullable(),
  property_id: z.string(),
  zone_id: z.number().int().nullable(),
});
export type BuildingRecord = z.infer<typeof buildingRecordSchema>;
export const buildingResponseSchema = z.object({ building: buildingRecordSchema });

/** Labels of the audited fields, as the History dialog shows them: those of the columns showing them. */
export const BUILDING_FIELD_LABELS = fieldLabelsOf(BUILDING_COLUMNS) as Record<keyof BuildingForm, string>;

export const buildingTypeListSchema = z.object({
  building_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
