import { type BuildingForm, buildingResponseSchema } from "@keyholder/contracts/buildings";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/buildings for a new building, PUT /api/v1/buildings/{id} for an existing one; answers it as stored. */
export const saveBuilding = async (form: BuildingForm, id?: number) => {
  const request = { method: id === undefined ? "POST" : "PUT", body: form, schema: buildingResponseSchema } as const;
  const { building } = await api(id === undefined ? "/buildings" : `/buildings/${id}`, request);
  return building;
};
