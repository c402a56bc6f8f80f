import { reconciliationDetailSchema } from "@keyholder/contracts/reconciliations";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/reconciliations/{id}/complete: finished at a zero difference, then locked. */
export const completeReconciliation = (id: string) =>
  api(`/reconciliations/${id}/complete`, { method: "POST", body: {}, schema: reconciliationDetailSchema });
