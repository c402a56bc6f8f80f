import { vendorPortalViewSchema } from "@keyholder/contracts/vendor-portal";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/vendor-portal/{token}: the work the link gives, and what was shared with the vendor. */
export const getVendorWork = (token: string) =>
  api(`/vendor-portal/${encodeURIComponent(token)}`, { schema: vendorPortalViewSchema });
