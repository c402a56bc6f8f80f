import { type MaintenanceRow, type MaintenanceView, maintenanceListSchema } from "@keyholder/contracts/maintenance";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const MAINTENANCE_QUERY_KEY = "maintenance-table-";

/** A page of the requests grid; with `view`, the open or closed requests only. */
export async function getRequests(request: PageRequest, view?: MaintenanceView): Promise<Page<MaintenanceRow>> {
  const page = await api("/maintenance-requests", {
    query: { ...listQueryParams(request), view },
    schema: maintenanceListSchema,
    signal: request.signal,
  });
  return { rows: page.requests, offset: page.offset, count: page.count, total: page.total_count };
}
