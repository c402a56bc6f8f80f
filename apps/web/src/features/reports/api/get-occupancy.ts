import { type OccupancyQuery, occupancyReportSchema } from "@keyholder/contracts/occupancy-report";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type OccupancyParams = Partial<Pick<OccupancyQuery, "from" | "to" | "property_id">>;

/** GET /api/v1/reports/occupancy: Reports > Occupancy's occupancy month by month. */
export const occupancyQuery = (p: OccupancyParams) =>
  queryOptions({
    queryKey: ["reports", "occupancy", p],
    queryFn: ({ signal }) => api("/reports/occupancy", { query: p, schema: occupancyReportSchema, signal }),
  });
