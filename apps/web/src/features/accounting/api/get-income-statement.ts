import { type IncomeStatementQuery, incomeStatementSchema } from "@keyholder/contracts/income-statement";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

type Params = Omit<IncomeStatementQuery, "format">;

const query = (p: Params) => ({
  period_start: p.period_start,
  period_end: p.period_end,
  basis: p.basis,
  property_id: p.property_id,
  owner_id: p.owner_id,
  columns: p.columns === "period" ? undefined : p.columns,
});

/** GET /api/v1/reports/income-statement: Accounting > P&L. */
export const incomeStatementQuery = (p: Params) =>
  queryOptions({
    queryKey: ["income-statement", query(p)],
    queryFn: ({ signal }) =>
      api("/reports/income-statement", { query: query(p), schema: incomeStatementSchema, signal }),
  });
