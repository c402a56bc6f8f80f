import { residentLeaseListSchema } from "@keyholder/contracts/resident-account";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Every lease of the resident, the current one first: the layout's switcher. */
export const residentLeasesQuery = queryOptions({
  queryKey: ["resident", "leases"],
  queryFn: async () => (await api("/resident/leases", { schema: residentLeaseListSchema, ownSession: true })).leases,
});
