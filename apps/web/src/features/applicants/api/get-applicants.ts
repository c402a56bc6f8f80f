import { type ApplicantRow, applicantListSchema } from "@keyholder/contracts/applications";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const APPLICANTS_QUERY_KEY = "applicant-table-";

export async function getApplicants(request: PageRequest): Promise<Page<ApplicantRow>> {
  const page = await api("/applicants/details", {
    query: listQueryParams(request),
    schema: applicantListSchema,
    signal: request.signal,
  });
  return { rows: page.applicants, offset: page.offset, count: page.count, total: page.total_count };
}
