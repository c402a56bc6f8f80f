import { api } from "../../../lib/api-client.ts";

/**
 * Deletes properties with what belongs to them (their confirmation named it): DELETE
 * /api/v1/properties/{id}?cascade=true, in parallel for several (spec records 4).
 */
export async function deleteProperties(ids: string[]) {
  await Promise.all(ids.map((id) => api(`/properties/${id}`, { method: "DELETE", query: { cascade: true } })));
}
