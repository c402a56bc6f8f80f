import { maintenanceResponseSchema } from "@keyholder/contracts/maintenance";
import type { MaintenanceAssignment } from "@keyholder/contracts/maintenance-assignment";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/maintenance-requests/{id}/assignment: who does the work and when; the status follows. */
export const assignRequest = async (id: string, assignment: MaintenanceAssignment) =>
  (
    await api(`/maintenance-requests/${id}/assignment`, {
      method: "POST",
      body: assignment,
      schema: maintenanceResponseSchema,
    })
  ).request;
