import { bulkDeleteResultSchema } from "@keyholder/contracts/history";
import { api } from "../../../lib/api-client.ts";

/** One plan through DELETE /api/v1/floor-plans/{id}; several in one transaction through POST /floor-plans/delete. */
export async function deleteFloorPlans(ids: number[]) {
  if (ids.length === 1) await api(`/floor-plans/${ids[0]}`, { method: "DELETE" });
  else await api("/floor-plans/delete", { method: "POST", body: { ids }, schema: bulkDeleteResultSchema });
}
