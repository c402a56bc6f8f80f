import { restoreResultSchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

/** Undo of a delete: POST /api/v1/zones/restore puts the zones back with their buildings in them. */
export const restoreZones = (ids: number[]) =>
  api("/zones/restore", { method: "POST", body: { ids }, schema: restoreResultSchema });
