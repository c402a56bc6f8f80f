import { z } from "zod";
import { APPLICATION_STATUSES } from "./applications.ts";
import { PUBLIC_BEDROOM_CHOICES, PUBLIC_SEARCH_RADII, PUBLIC_SORTS } from "./public-properties.ts";

/**
 * The read-only tools the assistant offers an external model (issue 15): each is one of the built-in
 * engine's queries, its arguments described here once; the JSON schemas the model sees are
 * generated from these. Names are resolved against the caller's own records on the server.
 */
const property = z.string().max(200).describe("A property's name, as the user wrote it");
const building = z.string().max(200).describe("A building's name, as the user wrote it");
const city = z.string().max(100).describe("A city");
const state = z.string().max(100).describe("A US state's name or two-letter code");
const zipcode = z
  .string()
  .regex(/^\d{5}$/)
  .describe("A five-digit US ZIP code");
const bedrooms = z.number().int().min(0).max(10).describe("Bedrooms (0 for studios; 3 means 3 or more)");

const place = { city: city.optional(), state: state.optional(), zipcode: zipcode.optional() };

export const assistantToolArguments = {
  count_units: z
    .object({
      status: z.enum(["vacant", "occupied", "all"]).optional().describe("Which units to count (default all)"),
      property: property.optional(),
      building: building.optional(),
      ...place,
      bedrooms: bedrooms.optional(),
      list: z.boolean().optional().describe("Name the first ten units instead of counting only"),
    })
    .strict(),
  occupancy: z
    .object({
      property: property.optional(),
      building: building.optional(),
      ...place,
      rank: z
        .enum(["highest", "lowest"])
        .optional()
        .describe("Rank the properties by occupancy instead of giving one rate"),
    })
    .strict(),
  floor_plan_rents: z
    .object({
      property: property.optional(),
      floor_plan: z.string().max(200).optional().describe("A floor plan's name"),
      ...place,
      bedrooms: bedrooms.optional(),
    })
    .strict(),
  property_contents: z.object({ property }).strict(),
  list_properties: z.object(place).strict(),
  applications_by_status: z
    .object({
      status: z.enum(APPLICATION_STATUSES).optional().describe("One status, or all of them"),
      property: property.optional(),
    })
    .strict(),
  staff_by_invitation: z.object({}).strict(),
  recent_changes: z.object({}).strict(),
} as const;

export type AssistantToolName = keyof typeof assistantToolArguments;
export type AssistantToolArguments<N extends AssistantToolName> = z.infer<(typeof assistantToolArguments)[N]>;

export const assistantToolDescriptions: Record<AssistantToolName, string> = {
  count_units:
    "Counts the organization's units, vacant, occupied or all, in a property, building, place or by bedrooms",
  occupancy: "The occupancy rate of a property, building or place, or the properties ranked by occupancy",
  floor_plan_rents: "The range and average of the monthly rents of active floor plans",
  property_contents: "A property's buildings, units (and how many are occupied), floor plans and zones",
  list_properties: "How many properties the organization has in a place, and their names",
  applications_by_status: "Rental applications by status (new, reviewing, approved, declined, withdrawn)",
  staff_by_invitation: "Staff members by the state of their invitation",
  recent_changes: "The latest changes to records and who made them",
};

/**
 * The tools offered on the public pages (and to visitors): the public listings only, the same reads
 * as the public search and a listing's page.
 */
export const publicAssistantToolArguments = {
  search_homes: z
    .object({
      zipcode: zipcode.optional().describe("Where to search (default: the ZIP code the page searched)"),
      bedrooms: z.enum(PUBLIC_BEDROOM_CHOICES).optional().describe("Bedrooms: studio, 1, 2 or 3plus"),
      max_rent: z.number().int().min(1).max(1_000_000).optional().describe("Highest monthly rent in dollars"),
      radius_miles: z
        .literal([...PUBLIC_SEARCH_RADII])
        .optional()
        .describe("How far from the ZIP code's centre"),
      sort: z.enum(PUBLIC_SORTS).optional().describe("Nearest, cheapest or newest first"),
    })
    .strict(),
  listing_details: z.object({}).strict(),
} as const;

export type PublicAssistantToolName = keyof typeof publicAssistantToolArguments;

export const publicAssistantToolDescriptions: Record<PublicAssistantToolName, string> = {
  search_homes: "Homes listed for rent near a US ZIP code: how many, and the first few with rents and availability",
  listing_details:
    "The listing on the visitor's screen: rents, floor plans with their available units, pets, parking, office hours",
};
