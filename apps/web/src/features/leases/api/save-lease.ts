import { type LeaseCreate, type LeaseUpdate, leaseResponseSchema } from "@keyholder/contracts/leases";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/leases for a new lease, PUT /api/v1/leases/{id} for an existing one; answers it as stored. */
export const saveLease = async (form: LeaseCreate | LeaseUpdate, id?: string) => {
  const request = { method: id === undefined ? "POST" : "PUT", body: form, schema: leaseResponseSchema } as const;
  const { lease } = await api(id === undefined ? "/leases" : `/leases/${id}`, request);
  return lease;
};
