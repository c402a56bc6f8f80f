import { type CreateMatch, reconciliationDetailSchema } from "@keyholder/contracts/reconciliations";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/reconciliations/{id}/matches: bank lines and items of the same sum, matched. */
export const createMatch = (id: string, input: CreateMatch) =>
  api(`/reconciliations/${id}/matches`, { method: "POST", body: input, schema: reconciliationDetailSchema });
