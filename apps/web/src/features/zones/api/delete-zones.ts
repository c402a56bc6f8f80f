import { bulkDeleteResultSchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

/** One zone through DELETE /api/v1/zones/{id}; several in one transaction through POST /zones/delete. */
export async function deleteZones(ids: number[]) {
  if (ids.length === 1) await api(`/zones/${ids[0]}`, { method: "DELETE" });
  else await api("/zones/delete", { method: "POST", body: { ids }, schema: bulkDeleteResultSchema });
}
