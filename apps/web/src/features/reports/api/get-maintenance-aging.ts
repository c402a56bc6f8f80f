import { type MaintenanceAgingQuery, maintenanceAgingSchema } from "@keyholder/contracts/maintenance-reports";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type MaintenanceAgingParams = Partial<Pick<MaintenanceAgingQuery, "as_of" | "property_id">>;

/** GET /api/v1/reports/maintenance-aging: Reports > Maintenance's requests open on a day, by age. */
export const maintenanceAgingQuery = (p: MaintenanceAgingParams) =>
  queryOptions({
    queryKey: ["reports", "maintenance-aging", p],
    queryFn: ({ signal }) => api("/reports/maintenance-aging", { query: p, schema: maintenanceAgingSchema, signal }),
  });
