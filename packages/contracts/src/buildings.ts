import { z } from "zod";
import { type ColumnType, listQuerySchema } from "./list-query.ts";
import { numberText } from "./number-text.ts";

export const BUILDINGS_PAGE_SIZE = 2000;

/** Sort keys of the buildings grid (spec records 3.1), exactly as the client sends them. */
export const BUILDING_SORT_KEYS = [
  "b.name",
  "b.building_number",
  "b.created_date",
  "b.last_modified_date",
  "p.name",
  "bt.name",
  "total_units",
  "occupied_units",
  "occupied_units/total_units",
  "a.city",
  "s.state_name",
] as const;

/** The filterable columns of the buildings grid and their types (quick filters and filter builder). */
export const BUILDING_COLUMNS = {
  name: "text",
  building_number: "number",
  property_name: "text",
  building_type_name: "text",
  total_units: "number",
  occupied_units: "number",
  city: "text",
  state_name: "text",
  created_date: "date",
  last_modified_date: "date",
} as const satisfies Record<string, ColumnType>;

export const buildingListQuerySchema = listQuerySchema({
  sortKeys: BUILDING_SORT_KEYS,
  defaultSort: "b.name",
  columns: BUILDING_COLUMNS,
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
  numberOfUnits: "Number of units must be a whole number from 0 to 100,000",
  buildingType: "Choose a building type from the list",
  propertyRequired: "Choose the property this building belongs to",
  propertyUnknown: "That property does not exist in your organization",
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
});
export type BuildingForm = z.infer<typeof buildingFormSchema>;
export type BuildingFormInput = z.input<typeof buildingFormSchema>;

/** The building form as typed in the dialog: its numbers as text, read the way people write them. */
export const buildingFormTextSchema = buildingFormSchema.extend({
  building_number: numberText("Building number", "whole", buildingFormSchema.shape.building_number),
  number_of_units: numberText("Number of units", "whole", buildingFormSchema.shape.number_of_units),
});

/** A building as a create or update answers it: its id and the form fields as stored. */
export const buildingRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  building_number: z.number().int().nullable(),
  number_of_units: z.number().int(),
  building_type: z.number().int().nullable(),
  property_id: z.string(),
});
export type BuildingRecord = z.infer<typeof buildingRecordSchema>;
export const buildingResponseSchema = z.object({ building: buildingRecordSchema });

/** Labels of the audited fields, as the History dialog shows them. */
export const BUILDING_FIELD_LABELS: Record<keyof BuildingForm, string> = {
  name: "Building Name",
  building_number: "Building Number",
  number_of_units: "Number of Units",
  building_type: "Building Type",
  property_id: "Property",
};

export const buildingTypeListSchema = z.object({
  building_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
