import { bankAccountsSchema } from "@keyholder/contracts/bank-accounts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/bank-accounts: active first, by name, each with its cash account's balance. */
export const bankAccountsQuery = queryOptions({
  queryKey: ["bank-accounts"],
  queryFn: () => api("/bank-accounts", { schema: bankAccountsSchema }),
});
