import { type LeaseRow, leaseListSchema } from "@keyholder/contracts/leases";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const LEASES_QUERY_KEY = "lease-table-";

export async function getLeases(request: PageRequest): Promise<Page<LeaseRow>> {
  const page = await api("/leases", {
    query: listQueryParams(request),
    schema: leaseListSchema,
    signal: request.signal,
  });
  return { rows: page.leases, offset: page.offset, count: page.count, total: page.total_count };
}
