import { reportSchedulesSchema } from "@keyholder/contracts/report-runs";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const reportSchedulesKey = ["report-schedules"] as const;

/** GET /api/v1/report-schedules: the reports sent to the user each month. */
export const reportSchedulesQuery = queryOptions({
  queryKey: reportSchedulesKey,
  queryFn: ({ signal }) => api("/report-schedules", { schema: reportSchedulesSchema, signal }),
});
