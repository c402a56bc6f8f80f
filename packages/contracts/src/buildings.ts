import { z } from "zod";
import { listQuerySchema } from "./list-query.ts";

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

export const BUILDING_FILTER_COLUMNS = [
  "name",
  "building_number",
  "property_name",
  "building_type_name",
  "total_units",
  "occupied_units",
  "city",
  "state_name",
] as const;

export const buildingListQuerySchema = listQuerySchema({
  sortKeys: BUILDING_SORT_KEYS,
  defaultSort: "b.name",
  filterColumns: BUILDING_FILTER_COLUMNS,
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
