import { z } from "zod";

export const PROPERTY_TYPE_CATEGORIES = [
  "Commercial",
  "Industrial",
  "Mixed Use",
  "Residential",
  "Special Use",
] as const;
export const PROPERTY_TYPE_LIST_HEIGHT_PX = 400;
export const DROPDOWN_SEARCH_DEBOUNCE_MS = 100;

export const propertyTypeSchema = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(PROPERTY_TYPE_CATEGORIES),
});
export type PropertyType = z.infer<typeof propertyTypeSchema>;

export const propertyTypeListSchema = z.object({
  count: z.number().int(),
  property_types: z.array(propertyTypeSchema),
});
