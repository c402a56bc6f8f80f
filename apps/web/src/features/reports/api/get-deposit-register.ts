import { type DepositRegisterQuery, depositRegisterSchema } from "@keyholder/contracts/deposit-register";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export type DepositRegisterParams = Partial<Pick<DepositRegisterQuery, "as_of" | "property_id">>;

/** GET /api/v1/reports/deposit-register: Reports > Financial's deposits held per lease. */
export const depositRegisterQuery = (p: DepositRegisterParams) =>
  queryOptions({
    queryKey: ["reports", "deposit-register", p],
    queryFn: ({ signal }) => api("/reports/deposit-register", { query: p, schema: depositRegisterSchema, signal }),
  });
