import { applicantTenantSchema } from "@keyholder/contracts/applications";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/applicants/{id}/tenant: the approved applicant as a tenant (made once), with their lease's start. */
export const makeTenant = (id: string) =>
  api(`/applicants/${id}/tenant`, { method: "POST", schema: applicantTenantSchema });
