import { type LeaseRow, leaseRowSchema } from "@keyholder/contracts/leases";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

export const LEASES_QUERY_KEY = "lease-table-";

export async function getLeases(request: PageRequest): Promise<Page<LeaseRow>> {
  const page = await getRowsPage<LeaseRow>("/leases", request, leaseRowSchema);
  return page;
}
