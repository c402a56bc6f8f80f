import { NOTICES_REFRESH_MS, noticeListSchema } from "@keyholder/contracts/notices";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { NOTICES_QUERY_KEY } from "../../../lib/notices-query.ts";

/** GET /api/v1/notices, asked again every minute and when the window regains focus. */
export const noticesQuery = queryOptions({
  queryKey: NOTICES_QUERY_KEY,
  queryFn: ({ signal }) => api("/notices", { schema: noticeListSchema, signal }),
  refetchInterval: NOTICES_REFRESH_MS,
  refetchOnWindowFocus: true,
});
