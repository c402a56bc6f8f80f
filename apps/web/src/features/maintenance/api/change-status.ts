import { type MaintenanceStatusChange, maintenanceResponseSchema } from "@keyholder/contracts/maintenance";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/maintenance-requests/{id}/status: the server refuses a change its transition table does not allow (409, saying why). */
export const changeStatus = async (id: string, change: MaintenanceStatusChange) =>
  (
    await api(`/maintenance-requests/${id}/status`, {
      method: "POST",
      body: change,
      schema: maintenanceResponseSchema,
    })
  ).request;
