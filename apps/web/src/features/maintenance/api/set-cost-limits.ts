import { type CostLimits, requestCostsSchema } from "@keyholder/contracts/maintenance-costs";
import { api } from "../../../lib/api-client.ts";

/** PUT /api/v1/maintenance-requests/{id}/cost-limits: the estimate and the not-to-exceed amount. */
export const setCostLimits = (requestId: string, limits: CostLimits) =>
  api(`/maintenance-requests/${requestId}/cost-limits`, { method: "PUT", body: limits, schema: requestCostsSchema });
