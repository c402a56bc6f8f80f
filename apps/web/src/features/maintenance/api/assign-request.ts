import { assignmentResponseSchema, type MaintenanceAssignment } from "@keyholder/contracts/maintenance-assignment";
import { api } from "../../../lib/api-client.ts";

/**
 * POST /api/v1/maintenance-requests/{id}/assignment: who does the work (staff or vendor) and when;
 * the status follows. Answers the request, any warning, and a vendor's new link.
 */
export const assignRequest = async (id: string, assignment: MaintenanceAssignment) =>
  api(`/maintenance-requests/${id}/assignment`, {
    method: "POST",
    body: assignment,
    schema: assignmentResponseSchema,
  });
