import { type CreateFeeRun, feeRunSchema } from "@keyholder/contracts/owners";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/management-fee-runs: each managed property's fee for whole months, once. */
export const runFees = (input: CreateFeeRun) =>
  api("/management-fee-runs", { method: "POST", body: input, schema: feeRunSchema });
