import type { ApplicantRow } from "@keyholder/contracts/applications";
import type { RowMenuItem } from "../../../components/data-table/types.ts";
import { toast } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { requestInWorkspace } from "../../../lib/workspace-requests.ts";
import { makeTenant } from "../api/make-tenant.ts";

/**
 * "Create Lease" on an approved applicant (issue 27 item 11): the applicant becomes a tenant (once)
 * and Tenants > Leases opens its Add dialog filled from the application, nothing retyped.
 */
export async function createLeaseFrom(applicant: ApplicantRow) {
  try {
    const made = await makeTenant(applicant.id);
    requestInWorkspace({ category: "Tenants", item: "Leases", action: "add", preset: { lease: made } });
  } catch (err) {
    toast({
      title: "Could not start the lease",
      description: err instanceof ApiError ? err.message : "Please try again.",
      tone: "error",
    });
  }
}

export const createLeaseItems = (applicant: ApplicantRow, can: (p: "ledger.post") => boolean): RowMenuItem[] =>
  applicant.status === "approved" && can("ledger.post")
    ? [{ id: "create-lease", label: "Create Lease", run: () => void createLeaseFrom(applicant) }]
    : [];
