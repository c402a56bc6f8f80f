import { ownerStatementSchema } from "@keyholder/contracts/owner-statements";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

const params = (ownerId: string, start: string, end: string) =>
  new URLSearchParams({ owner_id: ownerId, period_start: start, period_end: end });

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

/** Where the statement's CSV downloads from (the browser sends the session cookie). */
export const ownerStatementCsvUrl = (ownerId: string, start: string, end: string) =>
  `/api/v1/owner-statements?${params(ownerId, start, end)}&format=csv`;
