import { staffRowSchema } from "@keyholder/contracts/staff";
import { api } from "../../../lib/api-client.ts";

/** One staff member as the grid shows them (a record opened by id). */
export const getStaffMember = (id: string) => api(`/staff/${id}`, { schema: staffRowSchema });
