import { type VendorForm, vendorResponseSchema } from "@keyholder/contracts/vendors";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/vendors for a new vendor, PUT /api/v1/vendors/{id} for an existing one; answers it as stored. */
export const saveVendor = async (form: VendorForm, id?: string) => {
  const request = { method: id === undefined ? "POST" : "PUT", body: form, schema: vendorResponseSchema } as const;
  const { vendor } = await api(id === undefined ? "/vendors" : `/vendors/${id}`, request);
  return vendor;
};
