import { type StaffRow, staffRowSchema } from "@keyholder/contracts/staff";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

export const STAFF_QUERY_KEY = "staff-table-";

export async function getStaff(request: PageRequest): Promise<Page<StaffRow>> {
  const page = await getRowsPage<StaffRow>("/staff/details", request, staffRowSchema);
  return page;
}
