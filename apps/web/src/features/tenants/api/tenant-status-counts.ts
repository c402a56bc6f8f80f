import { tenantStatusCountsSchema } from "@keyholder/contracts/tenants";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** By Status's tab counts; keyed as a record list, so any change to a record refreshes them. */
export const tenantStatusCountsQuery = () =>
  queryOptions({
    queryKey: ["tenant-status-counts-table-"],
    queryFn: ({ signal }) => api("/tenants/status-counts", { schema: tenantStatusCountsSchema, signal }),
  });
