import { buildingRowSchema } from "@keyholder/contracts/buildings";
import { api } from "../../../lib/api-client.ts";

/** One building as the grid shows it (a related record opened by id). */
export const getBuilding = (id: number) => api(`/buildings/${id}`, { schema: buildingRowSchema });
