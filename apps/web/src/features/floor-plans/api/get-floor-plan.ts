import { floorPlanRowSchema } from "@keyholder/contracts/floor-plans";
import { api } from "../../../lib/api-client.ts";

/** One floor plan as the grid shows it (a related record opened by id). */
export const getFloorPlan = (id: number) => api(`/floor-plans/${id}`, { schema: floorPlanRowSchema });
