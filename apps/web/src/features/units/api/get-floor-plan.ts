import { floorPlanRowSchema } from "@keyholder/contracts/floor-plans";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/floor-plans/{id}: a chosen floor plan's rooms and size, to fill a unit's empty fields. */
export const floorPlanQuery = (id: number) =>
  queryOptions({
    queryKey: ["floor-plan", id],
    queryFn: ({ signal }) => api(`/floor-plans/${id}`, { schema: floorPlanRowSchema, signal }),
    staleTime: 60_000,
  });
