import { type VendorRow, vendorRowSchema } from "@keyholder/contracts/vendors";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

export const VENDORS_QUERY_KEY = "vendor-table-";

/** A page of the vendors grid. */
export async function getVendors(request: PageRequest): Promise<Page<VendorRow>> {
  const page = await getRowsPage<VendorRow>("/vendors", request, vendorRowSchema);
  return page;
}
