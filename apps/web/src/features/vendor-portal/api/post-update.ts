import { vendorPortalViewSchema } from "@keyholder/contracts/vendor-portal";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/vendor-portal/{token}/comments: an update the manager reads. */
export const postUpdate = (token: string, body: string) =>
  api(`/vendor-portal/${encodeURIComponent(token)}/comments`, {
    method: "POST",
    body: { body },
    schema: vendorPortalViewSchema,
  });
