import { tenantRowSchema } from "@keyholder/contracts/tenants";
import { api } from "../../../lib/api-client.ts";

/** One tenant as the grid shows it (a record opened by id). */
export const getTenant = (id: string) => api(`/tenants/${id}`, { schema: tenantRowSchema });
