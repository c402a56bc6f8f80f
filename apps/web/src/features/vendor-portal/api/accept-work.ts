import { vendorPortalViewSchema } from "@keyholder/contracts/vendor-portal";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/vendor-portal/{token}/accept: the vendor takes the work. */
export const acceptWork = (token: string) =>
  api(`/vendor-portal/${encodeURIComponent(token)}/accept`, {
    method: "POST",
    body: {},
    schema: vendorPortalViewSchema,
  });
