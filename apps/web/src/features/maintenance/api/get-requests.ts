import { type MaintenanceRow, type MaintenanceView, maintenanceRowSchema } from "@keyholder/contracts/maintenance";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

export const MAINTENANCE_QUERY_KEY = "maintenance-table-";

/** A page of the requests grid; with `view`, the open or closed requests only. */
export async function getRequests(request: PageRequest, view?: MaintenanceView): Promise<Page<MaintenanceRow>> {
  const page = await getRowsPage<MaintenanceRow>("/maintenance-requests", request, maintenanceRowSchema, { view });
  return page;
}
