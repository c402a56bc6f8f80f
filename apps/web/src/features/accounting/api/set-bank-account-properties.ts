import { bankAccountPropertiesSchema } from "@keyholder/contracts/bank-accounts";
import { api } from "../../../lib/api-client.ts";

/** PUT /api/v1/bank-accounts/{id}/properties: the account keeps these properties' money of its kind. */
export const setBankAccountProperties = (id: string, propertyIds: string[]) =>
  api(`/bank-accounts/${id}/properties`, {
    method: "PUT",
    body: { property_ids: propertyIds },
    schema: bankAccountPropertiesSchema,
  });
