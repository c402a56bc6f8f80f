import { type GeneralLedgerQuery, generalLedgerSchema } from "@keyholder/contracts/general-ledger";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type GeneralLedgerParams = Partial<Pick<GeneralLedgerQuery, "from" | "to" | "account_id" | "property_id">>;

/** GET /api/v1/reports/general-ledger: Reports > Financial's account lines between opening and closing balances. */
export const generalLedgerQuery = (p: GeneralLedgerParams) =>
  queryOptions({
    queryKey: ["reports", "general-ledger", p],
    queryFn: ({ signal }) => api("/reports/general-ledger", { query: p, schema: generalLedgerSchema, signal }),
  });
