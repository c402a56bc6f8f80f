import { staffRecordSchema } from "@keyholder/contracts/staff";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/staff/{id}/resend-invitation: a new link by email; the previous one stops working. */
export const resendInvitation = (id: string) =>
  api(`/staff/${id}/resend-invitation`, { method: "POST", schema: staffRecordSchema });

/** POST /api/v1/staff/{id}/approve: the staff member may use the workspace from their next request. */
export const approveStaff = (id: string) => api(`/staff/${id}/approve`, { method: "POST", schema: staffRecordSchema });
