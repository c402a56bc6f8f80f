import { vendorRowSchema } from "@keyholder/contracts/vendors";
import { api } from "../../../lib/api-client.ts";

/** One vendor as the grid shows it (a record opened by id). */
export const getVendor = (id: string) => api(`/vendors/${id}`, { schema: vendorRowSchema });
