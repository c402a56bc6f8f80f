import { residentRequestDetailResponseSchema } from "@keyholder/contracts/resident";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/resident/maintenance-requests/{id}: one request as the resident follows it. */
export const residentRequestQuery = (id: string) =>
  queryOptions({
    queryKey: ["resident", "maintenance-requests", id],
    queryFn: async () =>
      (
        await api(`/resident/maintenance-requests/${id}`, {
          schema: residentRequestDetailResponseSchema,
          ownSession: true,
        })
      ).request,
  });
