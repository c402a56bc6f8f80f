import { type CostLine, requestCostsSchema } from "@keyholder/contracts/maintenance-costs";
import { api } from "../../../lib/api-client.ts";

/**
 * POST /api/v1/maintenance-requests/{id}/costs (a new line) or PUT .../costs/{lineId}: answers the
 * request's costs after it, with its status (over the not-to-exceed amount it goes On Hold).
 */
export const saveCostLine = (requestId: string, lineId: string | null, line: CostLine) =>
  api(`/maintenance-requests/${requestId}/costs${lineId ? `/${lineId}` : ""}`, {
    method: lineId ? "PUT" : "POST",
    body: line,
    schema: requestCostsSchema,
  });
