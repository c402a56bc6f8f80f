import { nightlyDiagnosticsSchema } from "@keyholder/contracts/diagnostics";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/diagnostics/nightly: what the last nightly check found. */
export const nightlyDiagnosticsQuery = queryOptions({
  queryKey: ["diagnostics", "nightly"],
  queryFn: () => api("/diagnostics/nightly", { schema: nightlyDiagnosticsSchema }),
});
