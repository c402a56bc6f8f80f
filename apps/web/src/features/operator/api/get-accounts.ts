import { type OPERATOR_ACCOUNT_FILTERS, operatorAccountsSchema } from "@keyholder/contracts/operator";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type AccountFilter = (typeof OPERATOR_ACCOUNT_FILTERS)[number];

export const accountsQuery = (filter: AccountFilter, q: string) =>
  queryOptions({
    queryKey: ["operator", "accounts", filter, q],
    queryFn: ({ signal }) =>
      api("/operator/accounts", { query: { filter, q }, schema: operatorAccountsSchema, signal }),
    placeholderData: keepPreviousData,
  });
