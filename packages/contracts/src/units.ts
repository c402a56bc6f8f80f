import { z } from "zod";
import { declareColumns, fieldLabelsOf, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { numberText } from "./number-text.ts";

/** Spec records 9: units come 2,000 rows a page. */
export const UNITS_PAGE_SIZE = 2000;

const UNIT = "Unit Information";
const LOCATION = "Location";
const FLOOR_PLAN = "Floor Plan";
const MONEY = "Financial Information";

/**
 * The units grid (spec records 3.8), declared once (decision 013). The spec's sort keys name the
 * joined tables (b., p., fp., a., s.); the server sorts on the unit's own copies of those values.
 * The floor plan's details beyond its name and rent are hidden columns that filter but do not sort.
 */
export const UNIT_COLUMNS = declareColumns({
  unit_number: {
    label: "Unit Number",
    type: "text",
    sortKey: "u.unit_number",
    category: UNIT,
    field: "unit_number",
    shows: ["unit_number"],
  },
  building_name: {
    label: "Building",
    type: "text",
    sortKey: "b.name",
    category: LOCATION,
    field: "building_id",
    shows: ["building_name"],
  },
  property_name: {
    label: "Property",
    type: "text",
    sortKey: "p.name",
    category: LOCATION,
    field: "property_id",
    shows: ["property_name"],
  },
  floor_plan_name: {
    label: "Floor Plan",
    type: "text",
    sortKey: "fp.plan_name",
    category: FLOOR_PLAN,
    field: "floor_plan_id",
    shows: ["floor_plan_name"],
  },
  floor_plan_code: {
    label: "Plan Code",
    type: "text",
    category: FLOOR_PLAN,
    defaultVisible: false,
    shows: ["floor_plan_code"],
  },
  number_of_bedrooms: {
    label: "Bedrooms",
    type: "number",
    sortKey: "u.number_of_bedrooms",
    category: UNIT,
    field: "number_of_bedrooms",
    shows: ["number_of_bedrooms"],
  },
  number_of_bathrooms: {
    label: "Bathrooms",
    type: "number",
    sortKey: "u.number_of_bathrooms",
    category: UNIT,
    field: "number_of_bathrooms",
    shows: ["number_of_bathrooms"],
  },
  square_footage: {
    label: "Square Feet",
    type: "number",
    sortKey: "u.square_footage",
    category: UNIT,
    field: "square_footage",
    shows: ["square_footage"],
  },
  status: {
    label: "Status",
    type: "text",
    sortKey: "u.occupied",
    category: UNIT,
    field: "occupied",
    shows: ["occupied", "date_available"],
  },
  date_available: {
    label: "Available Date",
    type: "date",
    sortKey: "u.date_available",
    category: UNIT,
    field: "date_available",
    shows: ["date_available"],
  },
  base_rent_estimate: {
    label: "Base Rent",
    type: "number",
    sortKey: "fp.base_rent_estimate",
    category: MONEY,
    shows: ["base_rent_estimate"],
  },
  rentable_square_feet: {
    label: "Rentable Sq Ft",
    type: "number",
    category: FLOOR_PLAN,
    defaultVisible: false,
    shows: ["rentable_square_feet"],
  },
  usable_square_feet: {
    label: "Usable Sq Ft",
    type: "number",
    category: FLOOR_PLAN,
    defaultVisible: false,
    shows: ["usable_square_feet"],
  },
  laundry_type: {
    label: "Laundry",
    type: "text",
    category: FLOOR_PLAN,
    defaultVisible: false,
    shows: ["laundry_type"],
  },
  room_count_total: {
    label: "Rooms",
    type: "number",
    category: FLOOR_PLAN,
    defaultVisible: false,
    shows: ["room_count_total"],
  },
  number_of_levels: {
    label: "Levels",
    type: "number",
    category: FLOOR_PLAN,
    defaultVisible: false,
    shows: ["number_of_levels"],
  },
  building_number: {
    label: "Building Number",
    type: "number",
    category: LOCATION,
    defaultVisible: false,
    shows: ["building_number"],
  },
  city: { label: "City", type: "text", sortKey: "a.city", category: LOCATION, shows: ["address"] },
  state_name: { label: "State", type: "text", sortKey: "s.state_name", category: LOCATION, shows: ["address"] },
  created_date: {
    label: "Created Date",
    type: "date",
    sortKey: "u.created_date",
    defaultVisible: false,
    shows: ["created_date"],
  },
  last_modified_date: {
    label: "Last Modified",
    type: "date",
    sortKey: "u.last_modified_date",
    defaultVisible: false,
    shows: ["last_modified_date"],
  },
});
export const UNIT_SORT_KEYS = sortKeysOf(UNIT_COLUMNS);
export const UNIT_FILTER_TYPES = filterTypesOf(UNIT_COLUMNS);

export const unitListQuerySchema = listQuerySchema({
  columns: UNIT_COLUMNS,
  defaultSort: "u.unit_number",
  maxLimit: UNITS_PAGE_SIZE,
});

/** Occupied units read "Occupied" in the grid, the others "Vacant" (spec records 3.8). */
export const unitStatusText = (occupied: boolean) => (occupied ? "Occupied" : "Vacant");

/**
 * A unit as the grid and the API's list carry it (spec records 3.8): the unit's own fields, what
 * it shows of its property, building and floor plan, and its location. Plain values, null where
 * there is none (the spec's wrapped nullables).
 */
export const unitRowSchema = z.object({
  unit_id: z.number().int(),
  unit_number: z.string(),
  property_id: z.string(),
  property_name: z.string(),
  building_id: z.number().int().nullable(),
  building_name: z.string().nullable(),
  building_number: z.number().nullable(),
  floor_plan_id: z.number().int().nullable(),
  floor_plan_name: z.string().nullable(),
  floor_plan_code: z.string().nullable(),
  address_id: z.number().int().nullable(),
  /** YYYY-MM-DD. */
  date_available: z.string().nullable(),
  number_of_bedrooms: z.number().nullable(),
  number_of_bathrooms: z.number().nullable(),
  square_footage: z.number().int().nullable(),
  occupied: z.boolean(),
  organization_id: z.string(),
  /** The floor plan's own figures (the unit's may differ). */
  bed_rooms: z.number().nullable(),
  bath_rooms: z.number().nullable(),
  total_square_feet: z.number().int().nullable(),
  base_rent_estimate: z.number().nullable(),
  rentable_square_feet: z.number().int().nullable(),
  usable_square_feet: z.number().int().nullable(),
  laundry_type: z.string().nullable(),
  room_count_total: z.number().int().nullable(),
  number_of_levels: z.number().int().nullable(),
  address: z.object({ city: z.string().nullable(), state: z.object({ state_name: z.string().nullable() }) }),
  created_by: z.number().int().nullable(),
  created_date: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
});
export type UnitRow = z.infer<typeof unitRowSchema>;

/** Spec records 7: GET /api/v1/units. */
export const unitListSchema = z.object({
  units: z.array(unitRowSchema),
  count: z.number().int(),
  total_count: z.number().int(),
  offset: z.number().int(),
});

export const unitMessages = {
  unitNumberRequired: "Unit number is required",
  unitNumberTooLong: "Unit number must be at most 50 characters",
  propertyRequired: "Choose the property this unit belongs to",
  propertyUnknown: "That property does not exist in your organization",
  building: "Choose a building from the list",
  buildingUnknown: "That building does not exist in your organization",
  buildingOtherProperty: "That building is not in the chosen property",
  floorPlan: "Choose a floor plan from the list",
  floorPlanUnknown: "That floor plan does not exist in your organization",
  floorPlanOtherProperty: "That floor plan is not in the chosen property",
  bedrooms: "Bedrooms must be a number from 0 to 50",
  bathrooms: "Bathrooms must be a number from 0 to 50",
  squareFootage: "Square footage must be a whole number from 0 to 10,000,000",
  dateAvailable: "Available date must be a date (YYYY-MM-DD) between 1900 and 2200",
  occupied: "Status must be Available or Occupied",
  occupancyFollowsLeases: "This unit's status follows its leases: record a move-in or a move-out on its lease instead",
  leasedUnitStays: "A unit with leases stays in its property",
  notFound: "Unit not found",
  loadFailed: "Failed to load units. Please try again later.",
  selectToEdit: "Please select a unit to edit",
  selectOneToEdit: "Please select only one unit to edit",
  selectOneForHistory: "Please select a single unit to view history",
  selectToDelete: "Please select the units to delete",
  saveFailed: "Failed to save unit",
  createFailed: "Failed to create unit",
  deleteFailed: "Failed to delete unit",
  dialogFallback: "An error occurred",
} as const;

const recordId = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message)
    .nullish()
    .transform((v) => v ?? null);

const optionalNumber = (message: string, max: number, whole = false) => {
  const n = z.number({ error: message }).min(0, message).max(max, message);
  return (whole ? n.int(message) : n).nullish().transform((v) => v ?? null);
};

// A real calendar day (no 2026-02-30), within years any database and date input take.
const isCalendarDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v && v >= "1900" && v < "2201";
};

/**
 * The unit form (spec records 2.5), checked the same way in the dialog and on the server. The
 * building and the floor plan are optional, and must be the chosen property's (the server checks
 * that, in the transaction that saves).
 */
export const unitFormSchema = z.object({
  unit_number: z
    .string({ error: unitMessages.unitNumberRequired })
    .trim()
    .min(1, unitMessages.unitNumberRequired)
    .max(50, unitMessages.unitNumberTooLong),
  property_id: z.uuid({ error: unitMessages.propertyRequired }),
  building_id: recordId(unitMessages.building),
  floor_plan_id: recordId(unitMessages.floorPlan),
  number_of_bedrooms: optionalNumber(unitMessages.bedrooms, 50),
  number_of_bathrooms: optionalNumber(unitMessages.bathrooms, 50),
  square_footage: optionalNumber(unitMessages.squareFootage, 10_000_000, true),
  date_available: z
    .string({ error: unitMessages.dateAvailable })
    .refine(isCalendarDay, unitMessages.dateAvailable)
    .nullish()
    .transform((v) => v ?? null),
  occupied: z.boolean({ error: unitMessages.occupied }).default(false),
});
export type UnitForm = z.infer<typeof unitFormSchema>;
export type UnitFormInput = z.input<typeof unitFormSchema>;

const typed = unitFormSchema.shape;
/** The unit form as typed in the dialog: its numbers as text, read the way people write them; an empty date is none. */
export const unitFormTextSchema = unitFormSchema.extend({
  number_of_bedrooms: numberText("Bedrooms", "decimal", typed.number_of_bedrooms),
  number_of_bathrooms: numberText("Bathrooms", "decimal", typed.number_of_bathrooms),
  square_footage: numberText("Square footage", "whole", typed.square_footage),
  date_available: z
    .string()
    .transform((v) => v.trim() || null)
    .pipe(typed.date_available as z.ZodType<string | null, string | null>),
});

/** A unit as a create or update answers it: its id and the form's fields as stored. */
export const unitRecordSchema = z.object({
  unit_id: z.number().int(),
  unit_number: z.string(),
  property_id: z.string(),
  building_id: z.number().int().nullable(),
  floor_plan_id: z.number().int().nullable(),
  number_of_bedrooms: z.number().nullable(),
  number_of_bathrooms: z.number().nullable(),
  square_footage: z.number().int().nullable(),
  date_available: z.string().nullable(),
  occupied: z.boolean(),
});
export type UnitRecord = z.infer<typeof unitRecordSchema>;
export const unitResponseSchema = z.object({ unit: unitRecordSchema });

/** Labels of the audited fields, as the History dialog shows them: those of the columns showing them. */
export const UNIT_FIELD_LABELS = fieldLabelsOf(UNIT_COLUMNS) as Record<keyof UnitForm, string>;
