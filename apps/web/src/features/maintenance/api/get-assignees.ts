import { assigneeListSchema } from "@keyholder/contracts/maintenance-assignment";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/maintenance-requests/{id}/assignees: staff who can take the request, least busy first, and vendors. */
export const getAssignees = async (id: string) =>
  api(`/maintenance-requests/${id}/assignees`, { schema: assigneeListSchema });
