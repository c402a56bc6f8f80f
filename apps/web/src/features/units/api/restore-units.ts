import { restoreResultSchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

/** Undo of a delete: POST /api/v1/units/restore puts the units back where they were. */
export const restoreUnits = (ids: number[]) =>
  api("/units/restore", { method: "POST", body: { ids }, schema: restoreResultSchema });
