import { type OwnerForm, ownerSchema } from "@keyholder/contracts/owners";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/owners, or PATCH /api/v1/owners/{id} for one kept. */
export const saveOwner = (form: OwnerForm, id?: string) =>
  api(id ? `/owners/${id}` : "/owners", { method: id ? "PATCH" : "POST", body: form, schema: ownerSchema });
