import { managementAgreementSchema } from "@keyholder/contracts/owners";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/management-agreements/{id}/end: its last day in force. */
export const endAgreement = (id: string, endsOn: string) =>
  api(`/management-agreements/${id}/end`, {
    method: "POST",
    body: { ends_on: endsOn },
    schema: managementAgreementSchema,
  });
