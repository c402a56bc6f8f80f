import { residentRequestListSchema } from "@keyholder/contracts/resident";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { leaseParam } from "./lease-query.ts";

/** Every list of requests (each lease's), for invalidation. */
export const RESIDENT_REQUESTS_KEY = ["resident", "maintenance-requests"] as const;

export const residentRequestsQuery = (leaseId?: string) =>
  queryOptions({
    queryKey: [...RESIDENT_REQUESTS_KEY, leaseId ?? null],
    queryFn: async () =>
      (
        await api(`/resident/maintenance-requests${leaseParam(leaseId)}`, {
          schema: residentRequestListSchema,
          ownSession: true,
        })
      ).requests,
  });
