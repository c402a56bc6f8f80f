import { tenantLeasesSchema } from "@keyholder/contracts/tenants";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { TENANTS_QUERY_KEY } from "./get-tenants.ts";

/**
 * A tenant's leases with their balances and what the tenant owes. Under the tenants grid's key: a
 * lease saved or a payment posted refreshes every record list, and with them this.
 */
export const tenantLeasesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: [TENANTS_QUERY_KEY, "leases", tenantId],
    queryFn: ({ signal }) => api(`/tenants/${tenantId}/leases`, { schema: tenantLeasesSchema, signal }),
  });
