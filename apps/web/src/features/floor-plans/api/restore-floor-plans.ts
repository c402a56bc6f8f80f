import { restoreResultSchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

/** Undo of a delete: POST /api/v1/floor-plans/restore puts the floor plans back with their units. */
export const restoreFloorPlans = (ids: number[]) =>
  api("/floor-plans/restore", { method: "POST", body: { ids }, schema: restoreResultSchema });
