import { type TenantForm, tenantResponseSchema } from "@keyholder/contracts/tenants";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/tenants for a new tenant, PUT /api/v1/tenants/{id} for an existing one; answers it as stored. */
export const saveTenant = async (form: TenantForm, id?: string) => {
  const request = { method: id === undefined ? "POST" : "PUT", body: form, schema: tenantResponseSchema } as const;
  const { tenant } = await api(id === undefined ? "/tenants" : `/tenants/${id}`, request);
  return tenant;
};
