import { type UnitForm, unitResponseSchema } from "@keyholder/contracts/units";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/units for a new unit, PUT /api/v1/units/{unit_id} for an existing one; answers it as stored. */
export const saveUnit = async (form: UnitForm, id?: number) => {
  const request = { method: id === undefined ? "POST" : "PUT", body: form, schema: unitResponseSchema } as const;
  const { unit } = await api(id === undefined ? "/units" : `/units/${id}`, request);
  return unit;
};
