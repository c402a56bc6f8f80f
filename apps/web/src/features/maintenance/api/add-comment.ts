import {
  type MaintenanceCommentForm,
  maintenanceCommentResponseSchema,
} from "@keyholder/contracts/maintenance-comments";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/maintenance-requests/{id}/comments: a comment and who besides the staff may read it. */
export const addComment = async (requestId: string, form: MaintenanceCommentForm) =>
  (
    await api(`/maintenance-requests/${requestId}/comments`, {
      method: "POST",
      body: form,
      schema: maintenanceCommentResponseSchema,
    })
  ).comment;
