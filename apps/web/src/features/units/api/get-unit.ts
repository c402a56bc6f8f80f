import { unitRowSchema } from "@keyholder/contracts/units";
import { api } from "../../../lib/api-client.ts";

/** One unit as the grid shows it (a related record opened by id). */
export const getUnit = (id: number) => api(`/units/${id}`, { schema: unitRowSchema });
