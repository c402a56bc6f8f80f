import {
  type PropertyForm,
  propertyResponseSchema,
  propertyWithAddressResponseSchema,
} from "@keyholder/contracts/properties";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/properties/with-address for a new property, PUT /api/v1/properties/{id} for an existing one. */
export async function saveProperty(form: PropertyForm, id?: string) {
  if (id === undefined) {
    const { property } = await api("/properties/with-address", {
      method: "POST",
      body: form,
      schema: propertyWithAddressResponseSchema,
    });
    return property;
  }
  return api(`/properties/${id}`, { method: "PUT", body: form, schema: propertyResponseSchema });
}
