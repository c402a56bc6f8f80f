import { type FloorPlanForm, floorPlanResponseSchema } from "@keyholder/contracts/floor-plans";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/floor-plans for a new plan, PUT /api/v1/floor-plans/{id} for an existing one; answers it as stored. */
export const saveFloorPlan = async (form: FloorPlanForm, id?: number) => {
  const request = { method: id === undefined ? "POST" : "PUT", body: form, schema: floorPlanResponseSchema } as const;
  const { floor_plan } = await api(id === undefined ? "/floor-plans" : `/floor-plans/${id}`, request);
  return floor_plan;
};
