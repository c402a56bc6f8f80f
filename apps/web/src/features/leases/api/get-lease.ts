import { leaseResponseSchema } from "@keyholder/contracts/leases";
import { api } from "../../../lib/api-client.ts";

export const leaseQueryKey = (id: string) => ["lease", id] as const;

/** One lease with its parties, units, charges (and their history) and pets. */
export const getLease = async (id: string) => (await api(`/leases/${id}`, { schema: leaseResponseSchema })).lease;
