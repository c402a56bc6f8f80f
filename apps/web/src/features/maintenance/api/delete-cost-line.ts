import { requestCostsSchema } from "@keyholder/contracts/maintenance-costs";
import { api } from "../../../lib/api-client.ts";

/** DELETE /api/v1/maintenance-requests/{id}/costs/{lineId}: the request's costs without the line. */
export const deleteCostLine = (requestId: string, lineId: string) =>
  api(`/maintenance-requests/${requestId}/costs/${lineId}`, { method: "DELETE", schema: requestCostsSchema });
