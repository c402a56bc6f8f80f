import { type ZoneForm, zoneResponseSchema } from "@keyholder/contracts/zones";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/zones for a new zone, PUT /api/v1/zones/{id} for an existing one; answers it as stored. */
export const saveZone = async (form: ZoneForm, id?: number) => {
  const request = { method: id === undefined ? "POST" : "PUT", body: form, schema: zoneResponseSchema } as const;
  const { zone } = await api(id === undefined ? "/zones" : `/zones/${id}`, request);
  return zone;
};
