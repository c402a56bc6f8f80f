import { type DelinquencyQuery, delinquencySchema } from "@keyholder/contracts/delinquency";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type DelinquencyParams = Partial<Pick<DelinquencyQuery, "as_of" | "property_id" | "tenants">>;

/** GET /api/v1/reports/delinquency: Reports > Financial's aged receivables. */
export const delinquencyQuery = (p: DelinquencyParams) =>
  queryOptions({
    queryKey: ["reports", "delinquency", p],
    queryFn: ({ signal }) => api("/reports/delinquency", { query: p, schema: delinquencySchema, signal }),
  });
