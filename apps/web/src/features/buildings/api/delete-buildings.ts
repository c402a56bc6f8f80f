import { bulkDeleteResultSchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

/** One building through DELETE /api/v1/buildings/{id}; several in one transaction through POST /buildings/delete. */
export async function deleteBuildings(ids: number[]) {
  if (ids.length === 1) await api(`/buildings/${ids[0]}`, { method: "DELETE" });
  else await api("/buildings/delete", { method: "POST", body: { ids }, schema: bulkDeleteResultSchema });
}
