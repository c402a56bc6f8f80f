import { zoneRowSchema } from "@keyholder/contracts/zones";
import { api } from "../../../lib/api-client.ts";

/** One zone as the grid shows it (a related record opened by id). */
export const getZone = (id: number) => api(`/zones/${id}`, { schema: zoneRowSchema });
