import { residentRequestDetailResponseSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/resident/maintenance-requests/{id}/comments: the resident writes on their request. */
export const replyToRequest = async (id: string, body: string) =>
  (
    await api(`/resident/maintenance-requests/${id}/comments`, {
      method: "POST",
      body: { body },
      schema: residentRequestDetailResponseSchema,
      ownSession: true,
    })
  ).request;
