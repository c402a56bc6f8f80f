import { type PropertyPhoto, propertyPhotoListSchema, propertyPhotoSchema } from "@keyholder/contracts/property-photos";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const propertyPhotosQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ["properties", propertyId, "photos"],
    queryFn: async ({ signal }) =>
      (await api(`/properties/${propertyId}/photos`, { schema: propertyPhotoListSchema, signal })).photos,
  });

/** POST /api/v1/properties/{id}/photos: one photo at the end of the gallery, with its upload's progress. */
export function uploadPropertyPhoto(propertyId: string, file: File, onProgress: (sent: number) => void) {
  const body = new FormData();
  body.set("photo", file);
  return api(`/properties/${propertyId}/photos`, {
    method: "POST",
    body,
    schema: propertyPhotoSchema,
    onUploadProgress: onProgress,
  });
}

/** PUT /api/v1/properties/{id}/photos/order: the whole gallery in its new order, cover first. */
export const orderPropertyPhotos = async (propertyId: string, imageIds: string[]) =>
  (
    await api(`/properties/${propertyId}/photos/order`, {
      method: "PUT",
      body: { image_ids: imageIds },
      schema: propertyPhotoListSchema,
    })
  ).photos;

export const deletePropertyPhoto = (propertyId: string, photo: Pick<PropertyPhoto, "image_id">) =>
  api(`/properties/${propertyId}/photos/${photo.image_id}`, { method: "DELETE" });
