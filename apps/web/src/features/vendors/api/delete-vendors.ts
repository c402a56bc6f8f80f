import { bulkDeleteResultSchema } from "@keyholder/contracts/history";
import { vendorRestoreResultSchema } from "@keyholder/contracts/vendors";
import { api } from "../../../lib/api-client.ts";

/** One vendor through DELETE /api/v1/vendors/{id}; several in one transaction through POST /vendors/delete. */
export async function deleteVendors(ids: string[]) {
  if (ids.length === 1) await api(`/vendors/${ids[0]}`, { method: "DELETE" });
  else await api("/vendors/delete", { method: "POST", body: { ids }, schema: bulkDeleteResultSchema });
}

/** Undo of a delete: the vendors come back with their ids and values. */
export const restoreVendors = (ids: string[]) =>
  api("/vendors/restore", { method: "POST", body: { ids }, schema: vendorRestoreResultSchema });
