import { z } from "zod";

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_BLUR_DELAY_MS = 200;
export const SEARCH_RESULT_LIMIT = 10;

export const propertySearchQuerySchema = z.object({ query: z.string().trim().min(1).max(200) });

export const propertySearchResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  property_slug: z.string().nullable(),
  address: z
    .object({
      address_line_1: z.string(),
      city: z.string(),
      state_code: z.string(),
      zipcode: z.string(),
    })
    .nullable(),
});
export type PropertySearchResult = z.infer<typeof propertySearchResultSchema>;

export const propertySearchResponseSchema = z.object({ properties: z.array(propertySearchResultSchema) });

export const searchMessages = { searching: "Searching...", failed: "Failed to fetch search results" } as const;
