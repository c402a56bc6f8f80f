import { vendorPortalViewSchema } from "@keyholder/contracts/vendor-portal";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/vendor-portal/{token}/photos: one photo or short video of the work. */
export function uploadVendorPhoto(token: string, file: File, onProgress: (sent: number) => void) {
  const body = new FormData();
  body.set("file", file);
  return api(`/vendor-portal/${encodeURIComponent(token)}/photos`, {
    method: "POST",
    body,
    schema: vendorPortalViewSchema,
    onUploadProgress: onProgress,
  });
}
