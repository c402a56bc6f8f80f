import { type StaffRow, staffListSchema } from "@keyholder/contracts/staff";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const STAFF_QUERY_KEY = "staff-table-";

export async function getStaff(request: PageRequest): Promise<Page<StaffRow>> {
  const page = await api("/staff/details", {
    query: listQueryParams(request),
    schema: staffListSchema,
    signal: request.signal,
  });
  return { rows: page.staff, offset: page.offset, count: page.count, total: page.total_count };
}
