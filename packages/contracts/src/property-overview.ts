import { z } from "zod";

/** GET /api/v1/properties/{id}/overview (spec records 3.5): the property at a glance. */
export const propertyOverviewParamsSchema = z.object({ id: z.uuid("Not a property id") });

export const propertyOverviewSchema = z.object({
  basic: z.object({
    name: z.string(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    address_line_3: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipcode: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** ISO date (YYYY-MM-DD). */
    last_renovated: z.string().nullable(),
    lot_size: z.number().nullable(),
    lot_size_unit: z.string().nullable(),
    parking_spaces: z.number().int().nullable(),
    type: z.string(),
    unit_count: z.number().int(),
    unique_floorplans: z.number().int(),
    year_built: z.number().int().nullable(),
  }),
});
export type PropertyOverview = z.infer<typeof propertyOverviewSchema>;

export const propertyOverviewMessages = {
  loadFailed: "Error loading overview ):",
  notFound: "Property not found",
} as const;
