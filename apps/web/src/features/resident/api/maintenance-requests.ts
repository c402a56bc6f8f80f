import { residentRequestListSchema } from "@keyholder/contracts/resident";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const residentRequestsQuery = queryOptions({
  queryKey: ["resident", "maintenance-requests"],
  queryFn: async () =>
    (await api("/resident/maintenance-requests", { schema: residentRequestListSchema, ownSession: true })).requests,
});
