import { residentInvitationResponseSchema } from "@keyholder/contracts/resident";
import { api } from "../../../lib/api-client.ts";

/** Emails the tenant a link to the resident portal (decision 036); a newer link replaces the old. */
export const inviteResident = (leaseId: string, tenantId: string) =>
  api(`/leases/${leaseId}/resident-invitations`, {
    method: "POST",
    body: { tenant_id: tenantId },
    schema: residentInvitationResponseSchema,
  });
