import { ownerStatementSchema } from "@keyholder/contracts/owner-statements";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/owner-statements: an owner's statement for whole months. */
export const ownerStatementQuery = (ownerId: string, start: string, end: string) =>
  queryOptions({
    queryKey: ["owner-statement", ownerId, start, end],
    queryFn: ({ signal }) =>
      api("/owner-statements", {
        query: { owner_id: ownerId, period_start: start, period_end: end },
        schema: ownerStatementSchema,
        signal,
      }),
  });
