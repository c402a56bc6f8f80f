import { residentLeaseResponseSchema } from "@keyholder/contracts/resident";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { leaseParam } from "./lease-query.ts";

export const residentLeaseQuery = (leaseId?: string) =>
  queryOptions({
    queryKey: ["resident", "lease", leaseId ?? null],
    queryFn: async () =>
      (await api(`/resident/lease${leaseParam(leaseId)}`, { schema: residentLeaseResponseSchema, ownSession: true }))
        .lease,
  });
