import { bulkDeleteResultSchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

/** One unit through DELETE /api/v1/units/{unit_id}; several in one transaction through POST /units/delete. */
export async function deleteUnits(ids: number[]) {
  if (ids.length === 1) await api(`/units/${ids[0]}`, { method: "DELETE" });
  else await api("/units/delete", { method: "POST", body: { ids }, schema: bulkDeleteResultSchema });
}
