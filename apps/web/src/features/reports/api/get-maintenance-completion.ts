import { type MaintenanceRangeQuery, maintenanceCompletionSchema } from "@keyholder/contracts/maintenance-reports";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type MaintenanceCompletionParams = Partial<Pick<MaintenanceRangeQuery, "from" | "to" | "property_id">>;

/** GET /api/v1/reports/maintenance-completion: Reports > Maintenance's requests completed on time or late. */
export const maintenanceCompletionQuery = (p: MaintenanceCompletionParams) =>
  queryOptions({
    queryKey: ["reports", "maintenance-completion", p],
    queryFn: ({ signal }) =>
      api("/reports/maintenance-completion", { query: p, schema: maintenanceCompletionSchema, signal }),
  });
