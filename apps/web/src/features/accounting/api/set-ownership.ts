import { ownershipSchema, type SetOwnership } from "@keyholder/contracts/owners";
import { api } from "../../../lib/api-client.ts";

/** PUT /api/v1/properties/{id}/owners: the property's owners from a day. */
export const setOwnership = (propertyId: string, input: SetOwnership) =>
  api(`/properties/${propertyId}/owners`, { method: "PUT", body: input, schema: ownershipSchema });
