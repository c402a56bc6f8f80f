import { residentRequestDetailResponseSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/resident/maintenance-requests/{id}/photos: one photo or short video (field `file`). */
export async function addRequestPhoto(id: string, file: File) {
  const body = new FormData();
  body.set("file", file);
  return (
    await api(`/resident/maintenance-requests/${id}/photos`, {
      method: "POST",
      body,
      schema: residentRequestDetailResponseSchema,
      ownSession: true,
    })
  ).request;
}
