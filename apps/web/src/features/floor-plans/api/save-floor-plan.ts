import type { FloorPlanForm } from "@keyholder/contracts/floor-plans";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/floor-plans for a new plan, PUT /api/v1/floor-plans/{id} for an existing one. */
export const saveFloorPlan = (form: FloorPlanForm, id?: number) =>
  id === undefined
    ? api("/floor-plans", { method: "POST", body: form })
    : api(`/floor-plans/${id}`, { method: "PUT", body: form });
