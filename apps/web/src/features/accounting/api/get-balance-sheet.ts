import { balanceSheetSchema } from "@keyholder/contracts/balance-sheet";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/reports/balance-sheet?as_of=: the balance sheet at the end of a day. */
export const balanceSheetQuery = (asOf: string) =>
  queryOptions({
    queryKey: ["balance-sheet", asOf],
    queryFn: ({ signal }) =>
      api("/reports/balance-sheet", { query: { as_of: asOf }, schema: balanceSheetSchema, signal }),
  });
