import { floorPlanResponseSchema } from "@keyholder/contracts/floor-plans";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/floor-plans/{id}: a chosen floor plan's rooms and size, to fill a unit's empty fields. */
export const floorPlanQuery = (id: number) =>
  queryOptions({
    queryKey: ["floor-plan", id],
    queryFn: async ({ signal }) =>
      (await api(`/floor-plans/${id}`, { schema: floorPlanResponseSchema, signal })).floor_plan,
    staleTime: 60_000,
  });
