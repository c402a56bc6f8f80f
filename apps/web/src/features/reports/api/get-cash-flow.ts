import { type CashFlowQuery, cashFlowSchema } from "@keyholder/contracts/cash-flow";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type CashFlowParams = Partial<Pick<CashFlowQuery, "from" | "to" | "property_id">>;

/** GET /api/v1/reports/cash-flow: Reports > Financial's cash at the start, flows and cash at the end. */
export const cashFlowQuery = (p: CashFlowParams) =>
  queryOptions({
    queryKey: ["reports", "cash-flow", p],
    queryFn: ({ signal }) => api("/reports/cash-flow", { query: p, schema: cashFlowSchema, signal }),
  });
