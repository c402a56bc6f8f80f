import { type TenantRow, type TenantStatus, tenantListSchema } from "@keyholder/contracts/tenants";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const TENANTS_QUERY_KEY = "tenant-table-";

/** A page of the tenants grid; with `status`, By Status's tab of that status only. */
export async function getTenants(request: PageRequest, status?: TenantStatus): Promise<Page<TenantRow>> {
  const page = await api("/tenants", {
    query: { ...listQueryParams(request), status },
    schema: tenantListSchema,
    signal: request.signal,
  });
  return { rows: page.tenants, offset: page.offset, count: page.count, total: page.total_count };
}
