import { applicantRowSchema } from "@keyholder/contracts/applications";
import { api } from "../../../lib/api-client.ts";

/** One applicant as the grid shows them (a record opened by id). */
export const getApplicant = (id: string) => api(`/applicants/${id}`, { schema: applicantRowSchema });
