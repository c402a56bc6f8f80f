import { type CreateReconciliation, reconciliationDetailSchema } from "@keyholder/contracts/reconciliations";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/reconciliations: started with the items up to the statement's end date ticked. */
export const createReconciliation = (input: CreateReconciliation) =>
  api("/reconciliations", { method: "POST", body: input, schema: reconciliationDetailSchema });
