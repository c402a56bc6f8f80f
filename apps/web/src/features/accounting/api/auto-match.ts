import { autoMatchResultSchema } from "@keyholder/contracts/reconciliations";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/reconciliations/{id}/auto-match: every line with one clear partner matched. */
export const autoMatch = (id: string) =>
  api(`/reconciliations/${id}/auto-match`, { method: "POST", body: {}, schema: autoMatchResultSchema });
