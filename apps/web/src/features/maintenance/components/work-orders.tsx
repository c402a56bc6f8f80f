import { formatVisit } from "@keyholder/contracts/maintenance-assignment";
import {
  isOpenWorkOrder,
  type WorkOrder,
  type WorkOrderLinkResponse,
  workOrderMessages,
} from "@keyholder/contracts/maintenance-work-orders";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FactList } from "../../../components/ui/fact-list.tsx";
import { saveFailure } from "../../../lib/form-errors.ts";
import { formatDate } from "../../../lib/format.ts";
import { getWorkOrders, workOrdersKey } from "../api/get-work-orders.ts";
import { resendVendorLink } from "../api/resend-vendor-link.ts";
import { WorkOrderStatusBadge } from "./badges.tsx";
import { WorkOrderDialog } from "./work-order-dialog.tsx";

/** What a resend did: emailed, or the link to copy when the vendor has no email. */
function ResentLink({ result }: { result: WorkOrderLinkResponse }) {
  const name = result.work_order.assignee_name;
  return (
    <div
      role="status"
      className="rounded-md bg-slate-50 p-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200"
    >
      <p>{result.vendor_link.emailed ? workOrderMessages.linkResent(name) : workOrderMessages.linkNoEmail(name)}</p>
      {result.vendor_link.emailed ? null : (
        <input
          aria-label={`New link for ${name}`}
          readOnly
          value={result.vendor_link.url}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 w-full rounded border border-slate-300 bg-white p-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
        />
      )}
    </div>
  );
}

/**
 * Work Orders on a request's view (decision 034, "Work orders"): each dispatch, newest first, with
 * its assignee, status, booked time, instructions and not-to-exceed amount; the open one can be
 * edited, and a vendor's link resent (a lost email, an expired link).
 */
export function WorkOrdersSection({
  requestId,
  version,
  canEdit,
}: {
  requestId: string;
  /** The request's last change: an assignment makes or closes work orders. */
  version: string;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const orders = useQuery({
    queryKey: [...workOrdersKey(requestId), version],
    queryFn: () => getWorkOrders(requestId),
  });
  const [editing, setEditing] = useState<WorkOrder | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [resent, setResent] = useState<WorkOrderLinkResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: workOrdersKey(requestId) });

  const resend = async (order: WorkOrder) => {
    setSending(order.id);
    setFailure(null);
    setResent(null);
    try {
      setResent(await resendVendorLink(requestId, order.id));
      await refresh();
    } catch (err) {
      setFailure(saveFailure(err, "Could not send a new link. Please try again.").message);
    } finally {
      setSending(null);
    }
  };

  return (
    <section aria-label="Work orders" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Work Orders</h3>
      {orders.isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {orders.isError ? <Alert>Failed to load the work orders.</Alert> : null}
      {failure ? <Alert>{failure}</Alert> : null}
      {resent ? <ResentLink result={resent} /> : null}
      {orders.data?.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          None yet: assigning the request makes its first work order.
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {orders.data?.map((o) => {
          const open = isOpenWorkOrder(o.status);
          const vendor = o.assignee_kind === "vendor";
          return (
            <li
              key={o.id}
              aria-label={`${o.label}, ${o.assignee_name}`}
              className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
            >
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-medium text-slate-900 dark:text-slate-100">
                  {o.label} · {o.assignee_name}
                  <span className="font-normal text-slate-600 dark:text-slate-400">
                    {vendor ? " (vendor)" : " (staff)"}
                  </span>
                </p>
                <WorkOrderStatusBadge status={o.status} />
              </div>
              <FactList
                items={[
                  ["Scheduled", formatVisit(o.scheduled_start, o.scheduled_end)],
                  ["Instructions", o.instructions],
                  ["Not to Exceed", o.not_to_exceed_cents === null ? null : formatCents(o.not_to_exceed_cents)],
                  ["Costs", o.cost_total_cents === 0 ? null : formatCents(o.cost_total_cents)],
                  ["Issued", formatDate(o.created_at)],
                  ...(o.closed_at
                    ? ([["Closed", `${formatDate(o.closed_at)}${o.close_reason ? `: ${o.close_reason}` : ""}`]] as [
                        string,
                        string,
                      ][])
                    : []),
                ]}
              />
              {canEdit && open ? (
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="secondary" onPress={() => setEditing(o)} aria-label={`Edit ${o.label}`}>
                    Edit
                  </Button>
                  {vendor ? (
                    <Button
                      variant="secondary"
                      isPending={sending === o.id}
                      onPress={() => void resend(o)}
                      aria-label={`Resend link for ${o.label} to ${o.assignee_name}`}
                    >
                      {sending === o.id ? "Sending..." : "Resend Link"}
                    </Button>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {editing ? (
        <WorkOrderDialog
          order={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </section>
  );
}
