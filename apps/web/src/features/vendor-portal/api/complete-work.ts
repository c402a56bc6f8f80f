import type { VendorComplete } from "@keyholder/contracts/vendor-portal";
import { vendorPortalViewSchema } from "@keyholder/contracts/vendor-portal";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/vendor-portal/{token}/complete: the work is done; the link reads only from then on. */
export const completeWork = (token: string, done: VendorComplete) =>
  api(`/vendor-portal/${encodeURIComponent(token)}/complete`, {
    method: "POST",
    body: done,
    schema: vendorPortalViewSchema,
  });
