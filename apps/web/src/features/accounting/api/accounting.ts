import {
  accountingPeriodSchema,
  accountingPeriodsSchema,
  chargeRunSchema,
  chargeRunsSchema,
  trialBalanceSchema,
} from "@keyholder/contracts/ledger";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const periodsQuery = queryOptions({
  queryKey: ["accounting-periods"],
  queryFn: () => api("/accounting-periods", { schema: accountingPeriodsSchema }),
});

export const closePeriod = (id: string) =>
  api(`/accounting-periods/${id}/close`, { method: "POST", schema: accountingPeriodSchema });

/** Every day's trial balance: what a charge run's end makes stale. */
export const trialBalanceKey = ["trial-balance"] as const;
export const trialBalanceQuery = (asOf: string) =>
  queryOptions({
    queryKey: [...trialBalanceKey, asOf],
    queryFn: () => api("/ledger/trial-balance", { query: { as_of: asOf }, schema: trialBalanceSchema }),
  });

/** The latest charge runs; asked again every second while one is waiting or running. */
export const chargeRunsQuery = queryOptions({
  queryKey: ["charge-runs"],
  queryFn: () => api("/charge-runs", { schema: chargeRunsSchema }),
  refetchInterval: (query) =>
    query.state.data?.runs.some((r) => r.status === "queued" || r.status === "running") ? 1000 : false,
});

export const startChargeRun = (through: string) =>
  api("/charge-runs", { method: "POST", body: { through }, schema: chargeRunSchema });
