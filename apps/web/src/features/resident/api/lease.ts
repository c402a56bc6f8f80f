import { residentLeaseResponseSchema } from "@keyholder/contracts/resident";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const residentLeaseQuery = queryOptions({
  queryKey: ["resident", "lease"],
  queryFn: async () => (await api("/resident/lease", { schema: residentLeaseResponseSchema, ownSession: true })).lease,
});
