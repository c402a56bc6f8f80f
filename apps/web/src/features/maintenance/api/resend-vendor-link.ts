import { workOrderLinkResponseSchema } from "@keyholder/contracts/maintenance-work-orders";
import { api } from "../../../lib/api-client.ts";

/** POST .../work-orders/{workOrderId}/vendor-link: a new link for the vendor, the old one revoked. */
export const resendVendorLink = (requestId: string, workOrderId: string) =>
  api(`/maintenance-requests/${requestId}/work-orders/${workOrderId}/vendor-link`, {
    method: "POST",
    schema: workOrderLinkResponseSchema,
  });
