import { bulkDeleteResultSchema } from "@keyholder/contracts/history";
import { tenantRestoreResultSchema } from "@keyholder/contracts/tenants";
import { api } from "../../../lib/api-client.ts";

/** One tenant through DELETE /api/v1/tenants/{id}; several in one transaction through POST /tenants/delete. */
export async function deleteTenants(ids: string[]) {
  if (ids.length === 1) await api(`/tenants/${ids[0]}`, { method: "DELETE" });
  else await api("/tenants/delete", { method: "POST", body: { ids }, schema: bulkDeleteResultSchema });
}

/** Undo of a delete: the tenants come back with their documents. */
export const restoreTenants = (ids: string[]) =>
  api("/tenants/restore", { method: "POST", body: { ids }, schema: tenantRestoreResultSchema });
