import { z } from "zod";
import { listQuerySchema } from "./list-query.ts";

export const FLOOR_PLANS_PAGE_SIZE = 2000;

/** Sort keys of the floor plans grid: "fp." plus the field name (spec records 3.2). */
export const FLOOR_PLAN_SORT_KEYS = [
  "fp.plan_name",
  "fp.plan_code",
  "fp.bed_rooms",
  "fp.bath_rooms",
  "fp.total_square_feet",
  "fp.base_rent_estimate",
  "fp.active",
  "fp.created_date",
  "fp.last_modified_date",
] as const;

export const FLOOR_PLAN_FILTER_COLUMNS = [
  "plan_name",
  "plan_code",
  "bed_rooms",
  "bath_rooms",
  "total_square_feet",
  "base_rent_estimate",
  "status",
] as const;

export const floorPlanListQuerySchema = listQuerySchema({
  sortKeys: FLOOR_PLAN_SORT_KEYS,
  defaultSort: "fp.plan_name",
  filterColumns: FLOOR_PLAN_FILTER_COLUMNS,
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
