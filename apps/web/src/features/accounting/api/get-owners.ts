import { managementAgreementsSchema, ownersSchema, paidDistributionsSchema } from "@keyholder/contracts/owners";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const OWNERS_QUERY_KEY = "owners";

/** GET /api/v1/owners: by name, with the properties each holds today. */
export const ownersQuery = queryOptions({
  queryKey: [OWNERS_QUERY_KEY],
  queryFn: ({ signal }) => api("/owners", { schema: ownersSchema, signal }),
});

/** GET /api/v1/management-agreements: every property's, newest first. */
export const agreementsQuery = queryOptions({
  queryKey: [OWNERS_QUERY_KEY, "agreements"],
  queryFn: ({ signal }) => api("/management-agreements", { schema: managementAgreementsSchema, signal }),
});

/** GET /api/v1/owner-distributions: the latest 100 paid, newest first. */
export const distributionsQuery = queryOptions({
  queryKey: [OWNERS_QUERY_KEY, "distributions"],
  queryFn: ({ signal }) => api("/owner-distributions", { schema: paidDistributionsSchema, signal }),
});
