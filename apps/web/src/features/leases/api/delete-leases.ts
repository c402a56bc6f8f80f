import { api } from "../../../lib/api-client.ts";

/** DELETE /api/v1/leases/{id} for each: only leases never moved in and with no postings can go. */
export async function deleteLeases(ids: string[]) {
  for (const id of ids) await api(`/leases/${id}`, { method: "DELETE" });
}
