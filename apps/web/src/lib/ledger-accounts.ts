import { ledgerAccountsSchema } from "@keyholder/contracts/ledger";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client.ts";

/** GET /api/v1/ledger/accounts: the chart by code, each account with its balance. */
export const accountsQuery = queryOptions({
  queryKey: ["ledger-accounts"],
  queryFn: () => api("/ledger/accounts", { schema: ledgerAccountsSchema }),
});
