import { restoreResultSchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

/** Undo of a delete: POST /api/v1/buildings/restore puts the buildings back with their units. */
export const restoreBuildings = (ids: number[]) =>
  api("/buildings/restore", { method: "POST", body: { ids }, schema: restoreResultSchema });
