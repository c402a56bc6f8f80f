import { reconciliationDetailSchema, type SetCleared } from "@keyholder/contracts/reconciliations";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/reconciliations/{id}/cleared: items ticked or unticked. */
export const setCleared = (id: string, input: SetCleared) =>
  api(`/reconciliations/${id}/cleared`, { method: "POST", body: input, schema: reconciliationDetailSchema });
