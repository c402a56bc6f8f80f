import { type CreateDistributionRun, distributionRunSchema } from "@keyholder/contracts/owners";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/owner-distribution-runs: previewed (nothing posted) or paid once per request key. */
export const runDistributions = (input: CreateDistributionRun) =>
  api("/owner-distribution-runs", { method: "POST", body: input, schema: distributionRunSchema });
