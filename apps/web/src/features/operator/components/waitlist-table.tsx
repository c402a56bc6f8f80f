import type { WaitlistEntry } from "@keyholder/contracts/operator";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { decideWaitlist } from "../api/decide-waitlist.ts";
import { type WaitlistStatus, waitlistQuery } from "../api/get-waitlist.ts";

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium" }) : "");

export function WaitlistTable({ status }: { status: WaitlistStatus }) {
  const queryClient = useQueryClient();
  const query = useQuery(waitlistQuery(status));
  const [rejecting, setRejecting] = useState<WaitlistEntry | null>(null);
  const decision = useMutation({
    mutationFn: decideWaitlist,
    onSuccess: async () => {
      setRejecting(null);
      await queryClient.invalidateQueries({ queryKey: ["operator"] });
    },
  });

  if (query.isPending) return <Spinner label="Loading organizations" />;
  if (query.isError) return <Alert>{query.error.message}</Alert>;
  const rows = query.data.organizations;
  if (rows.length === 0)
    return <p className="py-8 text-center text-slate-500 dark:text-slate-400">No {status} organizations.</p>;
  return (
    <>
      {decision.isError ? <Alert>{decision.error.message}</Alert> : null}
      <div className="overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-100 text-xs uppercase text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th className="px-3 py-2">Organization</th>
              <th className="px-3 py-2">Owner</th>
              <th className="px-3 py-2">Units</th>
              <th className="px-3 py-2">Property types</th>
              <th className="px-3 py-2">Current software</th>
              <th className="px-3 py-2">Applied</th>
              {status === "waitlisted" ? (
                <th className="px-3 py-2">Decision</th>
              ) : (
                <th className="px-3 py-2">Reviewed</th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((org) => (
              <tr key={org.id} className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
                <td className="px-3 py-2 font-medium">
                  {org.name}
                  <div className="text-xs text-slate-500 dark:text-slate-400">#{org.number}</div>
                </td>
                <td className="px-3 py-2">
                  {org.owner.first_name} {org.owner.last_name}
                  <div className="text-xs text-slate-500 dark:text-slate-400">{org.owner.email}</div>
                  <div className="text-xs text-slate-500 dark:text-slate-400">{org.owner.phone}</div>
                </td>
                <td className="px-3 py-2">{org.num_of_units.toLocaleString("en-US")}</td>
                <td className="px-3 py-2">{org.property_types.split(",").join(", ")}</td>
                <td className="px-3 py-2">{org.current_software}</td>
                <td className="px-3 py-2">{date(org.created_date)}</td>
                {status === "waitlisted" ? (
                  <td className="px-3 py-2">
                    <div className="flex gap-2">
                      <Button
                        aria-label={`Approve ${org.name}`}
                        isDisabled={decision.isPending}
                        onPress={() => decision.mutate({ id: org.id, decision: "approve" })}
                      >
                        Approve
                      </Button>
                      <Button variant="secondary" aria-label={`Reject ${org.name}`} onPress={() => setRejecting(org)}>
                        Reject
                      </Button>
                    </div>
                  </td>
                ) : (
                  <td className="px-3 py-2">{date(org.reviewed_at)}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        isOpen={rejecting !== null}
        title={`Reject ${rejecting?.name ?? ""}?`}
        message="The applicant will be emailed that their application was not approved."
        confirmLabel="Reject"
        isPending={decision.isPending}
        onConfirm={() => rejecting && decision.mutate({ id: rejecting.id, decision: "reject" })}
        onCancel={() => setRejecting(null)}
      />
    </>
  );
}
