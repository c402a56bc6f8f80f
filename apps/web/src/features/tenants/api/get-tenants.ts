import { type TenantRow, type TenantStatus, tenantRowSchema } from "@keyholder/contracts/tenants";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

export const TENANTS_QUERY_KEY = "tenant-table-";

/** A page of the tenants grid; with `status`, By Status's tab of that status only. */
export async function getTenants(request: PageRequest, status?: TenantStatus): Promise<Page<TenantRow>> {
  const page = await getRowsPage<TenantRow>("/tenants", request, tenantRowSchema, { status });
  return page;
}
