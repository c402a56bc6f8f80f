import { maintenanceCommentListSchema } from "@keyholder/contracts/maintenance-comments";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/maintenance-requests/{id}/comments: every comment, oldest first, with its visibility. */
export const getComments = async (requestId: string, signal?: AbortSignal) =>
  (await api(`/maintenance-requests/${requestId}/comments`, { schema: maintenanceCommentListSchema, signal })).comments;
