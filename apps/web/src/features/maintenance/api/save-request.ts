import { type MaintenanceForm, maintenanceResponseSchema } from "@keyholder/contracts/maintenance";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/maintenance-requests for a new request, PUT .../{id} for an existing one; answers it as stored. */
export const saveRequest = async (form: MaintenanceForm, id?: string) => {
  const request = { method: id === undefined ? "POST" : "PUT", body: form, schema: maintenanceResponseSchema } as const;
  return (await api(id === undefined ? "/maintenance-requests" : `/maintenance-requests/${id}`, request)).request;
};
