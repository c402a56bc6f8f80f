import { type StaffRow, staffDisplayName, staffIdProblem, staffMessages } from "@keyholder/contracts/staff";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { toast } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { refreshNotices } from "../../../lib/notices-query.ts";
import { STAFF_QUERY_KEY } from "../api/get-staff.ts";
import { approveStaff } from "../api/invitation-actions.ts";

/** What a failed row action says after its message ("Failed to approve staff: ..."). */
export const failureReason = (err: unknown) =>
  err instanceof ApiError ? err.message : err instanceof Error ? err.message : "";

/**
 * Approve Staff, wherever it is offered (row menu, View dialog, the sidebar's pending approvals):
 * says what happened, and refreshes the staff lists, the pending approvals and the notices that
 * asked for it. Resolves true when approved.
 */
export function useApproveStaff() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const approve = useCallback(
    async (row: StaffRow) => {
      if (staffIdProblem(row.id)) {
        toast({ title: staffMessages.invalidRowId, tone: "error" });
        return false;
      }
      setPending(row.id);
      try {
        await approveStaff(row.id);
        toast({ title: staffMessages.approved(staffDisplayName(row)) });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: [STAFF_QUERY_KEY] }),
          refreshNotices(queryClient),
        ]);
        return true;
      } catch (err) {
        toast({ title: staffMessages.approveFailed(failureReason(err)), tone: "error" });
        return false;
      } finally {
        setPending(null);
      }
    },
    [queryClient],
  );
  return { approve, pending };
}
