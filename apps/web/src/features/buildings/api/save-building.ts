import type { BuildingForm } from "@keyholder/contracts/buildings";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/buildings for a new building, PUT /api/v1/buildings/{id} for an existing one. */
export const saveBuilding = (form: BuildingForm, id?: number) =>
  id === undefined
    ? api("/buildings", { method: "POST", body: form })
    : api(`/buildings/${id}`, { method: "PUT", body: form });
