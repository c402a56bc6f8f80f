import { NOTICES_REFRESH_MS } from "@keyholder/contracts/notices";
import { STAFF_PAGE_SIZE, STAFF_STATUSES, staffListSchema } from "@keyholder/contracts/staff";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { STAFF_QUERY_KEY } from "./get-staff.ts";

/**
 * The staff members waiting for approval, oldest acceptance first: the staff list filtered on its
 * Status column. Keyed under the staff lists, so whatever refreshes them refreshes this too.
 */
export const awaitingApprovalQuery = queryOptions({
  queryKey: [STAFF_QUERY_KEY, "awaiting-approval"],
  queryFn: async ({ signal }) =>
    (
      await api("/staff/details", {
        query: {
          limit: STAFF_PAGE_SIZE,
          sort_by: "s.last_modified_date",
          sort_direction: "asc",
          filters: JSON.stringify({ status: STAFF_STATUSES.awaitingApproval }),
        },
        schema: staffListSchema,
        signal,
      })
    ).staff,
  // Someone may accept, or another administrator approve, while this one works.
  refetchInterval: NOTICES_REFRESH_MS,
  refetchOnWindowFocus: true,
});
