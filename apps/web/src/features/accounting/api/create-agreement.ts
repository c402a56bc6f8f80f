import { type CreateManagementAgreement, managementAgreementSchema } from "@keyholder/contracts/owners";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/management-agreements. */
export const createAgreement = (input: CreateManagementAgreement) =>
  api("/management-agreements", { method: "POST", body: input, schema: managementAgreementSchema });
