import { reconciliationDetailSchema, reconciliationsSchema } from "@keyholder/contracts/reconciliations";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const RECONCILIATIONS_QUERY_KEY = "reconciliations";

/** GET /api/v1/reconciliations?bank_account_id=: a bank account's reconciliations, newest statement first. */
export const reconciliationsQuery = (bankAccountId: string) =>
  queryOptions({
    queryKey: [RECONCILIATIONS_QUERY_KEY, bankAccountId],
    queryFn: ({ signal }) =>
      api("/reconciliations", { query: { bank_account_id: bankAccountId }, schema: reconciliationsSchema, signal }),
  });

/** GET /api/v1/reconciliations/{id}: one with its items and bank lines. */
export const reconciliationQuery = (id: string) =>
  queryOptions({
    queryKey: ["reconciliation", id],
    queryFn: ({ signal }) => api(`/reconciliations/${id}`, { schema: reconciliationDetailSchema, signal }),
  });
