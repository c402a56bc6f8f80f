import { diagnosticsSchema } from "@keyholder/contracts/diagnostics";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/diagnostics: the books checked now. */
export const diagnosticsQuery = queryOptions({
  queryKey: ["diagnostics"],
  queryFn: () => api("/diagnostics", { schema: diagnosticsSchema }),
  staleTime: 0,
});
