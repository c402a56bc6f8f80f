import { maintenancePhotoSchema } from "@keyholder/contracts/maintenance-photos";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/maintenance-requests/{id}/photos: one photo or video, with its upload's progress (0 to 1). */
export function uploadPhoto(requestId: string, file: File, onProgress: (sent: number) => void) {
  const body = new FormData();
  body.set("file", file);
  return api(`/maintenance-requests/${requestId}/photos`, {
    method: "POST",
    body,
    schema: maintenancePhotoSchema,
    onUploadProgress: onProgress,
  });
}
