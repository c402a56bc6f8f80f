import { type ThreeWayQuery, threeWaySchema } from "@keyholder/contracts/three-way-reconciliation";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type ThreeWayParams = Partial<Pick<ThreeWayQuery, "as_of">>;

/** GET /api/v1/reports/three-way-reconciliation: Reports > Financial's trust accounts checked three ways. */
export const threeWayQuery = (p: ThreeWayParams) =>
  queryOptions({
    queryKey: ["reports", "three-way-reconciliation", p],
    queryFn: ({ signal }) => api("/reports/three-way-reconciliation", { query: p, schema: threeWaySchema, signal }),
  });
