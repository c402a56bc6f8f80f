import { reportRunsSchema } from "@keyholder/contracts/report-runs";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const reportRunsKey = ["report-runs"] as const;

/** GET /api/v1/report-runs: the user's Downloads; asked again every 2 seconds while one is being written. */
export const reportRunsQuery = queryOptions({
  queryKey: reportRunsKey,
  queryFn: ({ signal }) => api("/report-runs", { schema: reportRunsSchema, signal }),
  refetchInterval: (q) =>
    q.state.data?.runs.some((r) => r.status === "queued" || r.status === "running") ? 2000 : false,
});
