import { api } from "../../../lib/api-client.ts";

/** DELETE /api/v1/reconciliations/{id}: one in progress given up. */
export const cancelReconciliation = (id: string) => api(`/reconciliations/${id}`, { method: "DELETE" });
