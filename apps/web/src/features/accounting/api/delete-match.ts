import { reconciliationDetailSchema } from "@keyholder/contracts/reconciliations";
import { api } from "../../../lib/api-client.ts";

/** DELETE /api/v1/reconciliations/{id}/matches/{matchId}: the bank lines free again. */
export const deleteMatch = (id: string, matchId: string) =>
  api(`/reconciliations/${id}/matches/${matchId}`, { method: "DELETE", schema: reconciliationDetailSchema });
