import { api } from "../../../lib/api-client.ts";

/** Spec records 7: DELETE /api/v1/staff/{id}, several in parallel for a bulk delete. */
export async function deleteStaff(ids: string[]) {
  await Promise.all(ids.map((id) => api(`/staff/${id}`, { method: "DELETE" })));
}
