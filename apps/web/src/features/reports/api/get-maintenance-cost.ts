import { type MaintenanceRangeQuery, maintenanceCostSchema } from "@keyholder/contracts/maintenance-reports";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type MaintenanceCostParams = Partial<Pick<MaintenanceRangeQuery, "from" | "to" | "property_id">>;

/** GET /api/v1/reports/maintenance-cost: Reports > Maintenance's cost by property, category and vendor. */
export const maintenanceCostQuery = (p: MaintenanceCostParams) =>
  queryOptions({
    queryKey: ["reports", "maintenance-cost", p],
    queryFn: ({ signal }) => api("/reports/maintenance-cost", { query: p, schema: maintenanceCostSchema, signal }),
  });
