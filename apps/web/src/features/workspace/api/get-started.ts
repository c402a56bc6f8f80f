import { getStartedSchema } from "@keyholder/contracts/get-started";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** What the organization has set up; fetched each time the empty workspace shows, so ticks are current. */
export const getStartedQuery = queryOptions({
  queryKey: ["get-started"],
  queryFn: () => api("/get-started", { schema: getStartedSchema }),
  staleTime: 0,
});
