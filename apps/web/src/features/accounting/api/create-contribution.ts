import { type CreateContribution, contributionSchema } from "@keyholder/contracts/owners";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/owner-contributions: posted once per request key. */
export const createContribution = (input: CreateContribution) =>
  api("/owner-contributions", { method: "POST", body: input, schema: contributionSchema });
