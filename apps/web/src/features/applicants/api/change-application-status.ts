import { type ApplicationStatusChange, applicantRowSchema } from "@keyholder/contracts/applications";
import { api } from "../../../lib/api-client.ts";

/** PUT /api/v1/applicants/{id}/status: answers the applicant as the grid shows them. */
export const changeApplicationStatus = (id: string, change: ApplicationStatusChange) =>
  api(`/applicants/${id}/status`, { method: "PUT", body: change, schema: applicantRowSchema });
