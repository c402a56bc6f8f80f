import { type VendorRow, vendorListSchema } from "@keyholder/contracts/vendors";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const VENDORS_QUERY_KEY = "vendor-table-";

/** A page of the vendors grid. */
export async function getVendors(request: PageRequest): Promise<Page<VendorRow>> {
  const page = await api("/vendors", {
    query: listQueryParams(request),
    schema: vendorListSchema,
    signal: request.signal,
  });
  return { rows: page.vendors, offset: page.offset, count: page.count, total: page.total_count };
}
