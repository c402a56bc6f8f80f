import { maintenanceRowSchema } from "@keyholder/contracts/maintenance";
import { api } from "../../../lib/api-client.ts";

/** One request as the grid shows it (a record opened by id). */
export const getRequest = (id: string) => api(`/maintenance-requests/${id}`, { schema: maintenanceRowSchema });
