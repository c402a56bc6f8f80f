import { type CreateAdjustment, reconciliationDetailSchema } from "@keyholder/contracts/reconciliations";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/reconciliations/{id}/adjustments: a bank fee or interest posted from its line and matched. */
export const createAdjustment = (id: string, input: CreateAdjustment) =>
  api(`/reconciliations/${id}/adjustments`, { method: "POST", body: input, schema: reconciliationDetailSchema });
