import { type MaintenancePhotoSharing, maintenancePhotoSchema } from "@keyholder/contracts/maintenance-photos";
import { api } from "../../../lib/api-client.ts";

/** PATCH /api/v1/maintenance-requests/{id}/photos/{fileId}: share a photo with the vendor or the resident, or stop. */
export const sharePhoto = (requestId: string, fileId: string, sharing: MaintenancePhotoSharing) =>
  api(`/maintenance-requests/${requestId}/photos/${fileId}`, {
    method: "PATCH",
    body: sharing,
    schema: maintenancePhotoSchema,
  });
