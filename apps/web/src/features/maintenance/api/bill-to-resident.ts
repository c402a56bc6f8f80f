import { billToResidentResponseSchema } from "@keyholder/contracts/maintenance-costs";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/maintenance-requests/{id}/bill-to-resident: one charge to the lease, however often pressed. */
export const billToResident = (requestId: string) =>
  api(`/maintenance-requests/${requestId}/bill-to-resident`, {
    method: "POST",
    schema: billToResidentResponseSchema,
  });
