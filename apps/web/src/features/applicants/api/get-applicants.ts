import { type ApplicantRow, applicantRowSchema } from "@keyholder/contracts/applications";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

export const APPLICANTS_QUERY_KEY = "applicant-table-";

export async function getApplicants(request: PageRequest): Promise<Page<ApplicantRow>> {
  const page = await getRowsPage<ApplicantRow>("/applicants/details", request, applicantRowSchema);
  return page;
}
