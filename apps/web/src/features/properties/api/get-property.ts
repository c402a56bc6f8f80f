import { propertyRowSchema } from "@keyholder/contracts/properties";
import { api } from "../../../lib/api-client.ts";

/** GET /api/v1/properties/{id}: one property as the grid shows it (a new one opened in its editor). */
export const getProperty = (id: string) => api(`/properties/${id}`, { schema: propertyRowSchema });
