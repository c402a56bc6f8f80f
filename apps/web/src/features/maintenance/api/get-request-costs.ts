import { requestCostsSchema } from "@keyholder/contracts/maintenance-costs";
import { api } from "../../../lib/api-client.ts";

export const requestCostsKey = (id: string) => ["maintenance-request-costs", id] as const;

/** A request's cost lines, totals, limits and the charge billed to the resident. */
export const getRequestCosts = (id: string) => api(`/maintenance-requests/${id}/costs`, { schema: requestCostsSchema });
