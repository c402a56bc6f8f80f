import { maintenancePhotoListSchema } from "@keyholder/contracts/maintenance-photos";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/maintenance-requests/{id}/photos: the request's photos and videos, oldest first. */
export const getPhotos = async (requestId: string, signal?: AbortSignal) =>
  (await api(`/maintenance-requests/${requestId}/photos`, { schema: maintenancePhotoListSchema, signal })).photos;
