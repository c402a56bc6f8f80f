import { z } from "zod";
import { declareColumns, fieldLabelsOf, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { numberText } from "./number-text.ts";

export const FLOOR_PLANS_PAGE_SIZE = 2000;

const INFO = "Floor Plan Information";
const MONEY = "Financial Information";
const PROPERTY = "Property Information";

/**
 * The floor plans grid (spec records 3.2, 9), declared once: sort keys are "fp." plus the field
 * name; Status is the badge text Active/Inactive.
 */
export const FLOOR_PLAN_COLUMNS = declareColumns({
  plan_name: { label: "Plan Name", type: "text", sortKey: "fp.plan_name", category: INFO, field: "plan_name" },
  plan_code: { label: "Plan Code", type: "text", sortKey: "fp.plan_code", category: INFO, field: "plan_code" },
  bed_rooms: { label: "Bedrooms", type: "number", sortKey: "fp.bed_rooms", category: INFO, field: "bed_rooms" },
  bath_rooms: { label: "Bathrooms", type: "number", sortKey: "fp.bath_rooms", category: INFO, field: "bath_rooms" },
  number_of_levels: {
    label: "Levels",
    type: "number",
    category: INFO,
    defaultVisible: false,
    field: "number_of_levels",
  },
  total_square_feet: {
    label: "Square Feet",
    type: "number",
    sortKey: "fp.total_square_feet",
    category: INFO,
    field: "total_square_feet",
  },
  base_rent_estimate: {
    label: "Base Rent",
    type: "number",
    sortKey: "fp.base_rent_estimate",
    category: MONEY,
    field: "base_rent_estimate",
  },
  status: { label: "Status", type: "text", sortKey: "fp.active", category: INFO, field: "active" },
  property_name: { label: "Property Name", type: "text", sortKey: "p.name", category: PROPERTY, field: "property_id" },
  description: { label: "Description", type: "text", category: INFO, defaultVisible: false, field: "description" },
  created_date: { label: "Created Date", type: "date", sortKey: "fp.created_date", defaultVisible: false },
  last_modified_date: { label: "Last Modified", type: "date", sortKey: "fp.last_modified_date", defaultVisible: false },
});
export const FLOOR_PLAN_SORT_KEYS = sortKeysOf(FLOOR_PLAN_COLUMNS);
export const FLOOR_PLAN_FILTER_TYPES = filterTypesOf(FLOOR_PLAN_COLUMNS);

export const floorPlanListQuerySchema = listQuerySchema({
  columns: FLOOR_PLAN_COLUMNS,
  defaultSort: "fp.plan_name",
  maxLimit: FLOOR_PLANS_PAGE_SIZE,
});

export const floorPlanRowSchema = z.object({
  id: z.number().int(),
  plan_name: z.string(),
  plan_code: z.string().nullable(),
  bed_rooms: z.number(),
  bath_rooms: z.number(),
  number_of_levels: z.number().int(),
  total_square_feet: z.number().int().nullable(),
  base_rent_estimate: z.number(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** The property the plan belongs to (plans made before plans had one have none). */
  property_id: z.string().nullable(),
  property_name: z.string().nullable(),
  organization_id: z.string(),
  created_by: z.number().int().nullable(),
  created_date: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
});
export type FloorPlanRow = z.infer<typeof floorPlanRowSchema>;

export const floorPlanListSchema = z.object({
  floor_plans: z.array(floorPlanRowSchema),
  offset: z.number().int(),
  count: z.number().int(),
  total_count: z.number().int(),
});

export const floorPlanMessages = {
  planNameRequired: "Plan name is required",
  planNameTooLong: "Plan name must be at most 200 characters",
  planCodeTooLong: "Plan code must be at most 50 characters",
  bedRooms: "Bedrooms must be a number from 0 to 50",
  bathRooms: "Bathrooms must be a number from 0 to 50",
  levels: "Levels must be a whole number from 1 to 200",
  squareFeet: "Square feet must be a whole number from 0 to 10,000,000",
  baseRent: "Base rent must be an amount from 0 to 10,000,000 with at most two decimals",
  descriptionTooLong: "Description must be at most 4,000 characters",
  propertyRequired: "Choose the property this floor plan belongs to",
  propertyUnknown: "That property does not exist in your organization",
  notFound: "Floor plan not found",
  loadFailed: "Failed to load floor plans. Please try again later.",
  saveFallback: "An error occurred while saving",
  selectOneToEdit: "Please select a single floor plan to edit",
  selectOneForHistory: "Please select a single floor plan to view history",
  selectToDelete: "Please select the floor plans to delete",
  updateFailed: "Failed to update floor plan",
  createFailed: "Failed to create floor plan",
  deleteFailed: "Failed to delete floor plan",
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const requiredNumber = (message: string, max: number) => z.number({ error: message }).min(0, message).max(max, message);

/** The floor plan form (spec records 3.2, 5), checked the same way in the dialog and on the server. */
export const floorPlanFormSchema = z.object({
  plan_name: z
    .string({ error: floorPlanMessages.planNameRequired })
    .trim()
    .min(1, floorPlanMessages.planNameRequired)
    .max(200, floorPlanMessages.planNameTooLong),
  plan_code: optionalText(50, floorPlanMessages.planCodeTooLong),
  bed_rooms: requiredNumber(floorPlanMessages.bedRooms, 50),
  bath_rooms: requiredNumber(floorPlanMessages.bathRooms, 50),
  number_of_levels: z
    .number({ error: floorPlanMessages.levels })
    .int(floorPlanMessages.levels)
    .min(1, floorPlanMessages.levels)
    .max(200, floorPlanMessages.levels)
    .default(1),
  total_square_feet: z
    .number({ error: floorPlanMessages.squareFeet })
    .int(floorPlanMessages.squareFeet)
    .min(0, floorPlanMessages.squareFeet)
    .max(10_000_000, floorPlanMessages.squareFeet)
    .nullish()
    .transform((v) => v ?? null),
  base_rent_estimate: requiredNumber(floorPlanMessages.baseRent, 10_000_000).refine(
    (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    floorPlanMessages.baseRent,
  ),
  description: optionalText(4000, floorPlanMessages.descriptionTooLong),
  active: z.boolean().default(true),
  property_id: z.uuid({ error: floorPlanMessages.propertyRequired }),
});
export type FloorPlanForm = z.infer<typeof floorPlanFormSchema>;
export type FloorPlanFormInput = z.input<typeof floorPlanFormSchema>;

const typed = floorPlanFormSchema.shape;
/** The floor plan form as typed in the dialog: its numbers as text, read the way people write them. */
export const floorPlanFormTextSchema = floorPlanFormSchema.extend({
  bed_rooms: numberText("Bedrooms", "decimal", typed.bed_rooms),
  bath_rooms: numberText("Bathrooms", "decimal", typed.bath_rooms),
  number_of_levels: numberText("Levels", "whole", typed.number_of_levels),
  total_square_feet: numberText("Square feet", "whole", typed.total_square_feet),
  base_rent_estimate: numberText("Base rent", "money", typed.base_rent_estimate),
});

/** A floor plan as a create or update answers it: its id and the form fields as stored. */
export const floorPlanRecordSchema = floorPlanRowSchema.omit({
  organization_id: true,
  property_name: true,
  created_by: true,
  created_date: true,
  last_modified_by: true,
  last_modified_date: true,
});
export type FloorPlanRecord = z.infer<typeof floorPlanRecordSchema>;
export const floorPlanResponseSchema = z.object({ floor_plan: floorPlanRecordSchema });

/** Labels of the audited fields, as the History dialog shows them: those of the columns showing them. */
export const FLOOR_PLAN_FIELD_LABELS = fieldLabelsOf(FLOOR_PLAN_COLUMNS) as Record<keyof FloorPlanForm, string>;
