import { type StaffRow, staffDisplayName, staffMessages } from "@keyholder/contracts/staff";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button, Dialog, DialogTrigger, Heading, Popover, Tooltip, TooltipTrigger } from "react-aria-components";
import { useCan } from "../../../lib/auth/auth-context.tsx";
import { requestInWorkspace } from "../../../lib/workspace-requests.ts";
import { awaitingApprovalQuery } from "../api/get-awaiting-approval.ts";
import { useApproveStaff } from "../hooks/use-approve-staff.ts";

const smallButton =
  "rounded-md px-2.5 py-1 text-xs font-semibold outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60";

/**
 * The sidebar's Pending approvals (decision 025): shown to whoever may approve staff while someone
 * waits, with how many; it opens the list of them, each with Approve and View.
 */
export function PendingApprovals({ collapsed }: { collapsed: boolean }) {
  const can = useCan();
  const allowed = can("staff.manage");
  const { data: waiting = [] } = useQuery({ ...awaitingApprovalQuery, enabled: allowed });
  const { approve, pending } = useApproveStaff();
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  // The row just approved: once the list no longer holds it, focus moves to the next one waiting.
  // Moving it when the request ends could land on the old row, which is then removed, losing focus.
  const [approvedId, setApprovedId] = useState<string | null>(null);
  useEffect(() => {
    if (approvedId === null || waiting.some((row) => row.id === approvedId)) return;
    setApprovedId(null);
    const next = list.current?.querySelector<HTMLElement>("li button") ?? list.current;
    next?.focus();
  }, [approvedId, waiting]);
  // Kept while its list is open, so approving the last one does not pull it from under the user.
  if (!allowed || (waiting.length === 0 && !open)) return null;
  const label = staffMessages.pendingApprovalsLabel(waiting.length);
  const approveFromList = async (row: StaffRow) => {
    if (await approve(row)) setApprovedId(row.id);
  };

  const trigger = (
    <Button
      aria-label={label}
      className="relative flex w-full items-center gap-3 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 fill-none stroke-current" strokeWidth="2">
        <path
          d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm7 0 2 2 4-4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {collapsed ? null : <span className="flex-1 text-left">{staffMessages.pendingApprovals}</span>}
      <span
        aria-hidden="true"
        className={`rounded-full bg-amber-200 px-1.5 text-xs leading-5 font-bold text-amber-950 dark:bg-amber-700 dark:text-white ${collapsed ? "absolute -top-0.5 right-0" : ""}`}
      >
        {waiting.length}
      </span>
    </Button>
  );

  return (
    <div className="border-t border-slate-200 pt-1 dark:border-slate-800">
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        {collapsed ? (
          <TooltipTrigger delay={300}>
            {trigger}
            <Tooltip placement="right" className="rounded bg-slate-900 px-2 py-1 text-xs text-white">
              {staffMessages.pendingApprovals}
            </Tooltip>
          </TooltipTrigger>
        ) : (
          trigger
        )}
        <Popover
          placement="right top"
          className="w-80 max-w-[calc(100vw-4.5rem)] rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <Dialog className="flex max-h-[70vh] flex-col outline-none">
            {({ close }) => (
              <div ref={list} tabIndex={-1} className="flex min-h-0 flex-col outline-none">
                <Heading
                  slot="title"
                  className="border-b border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-700"
                >
                  {staffMessages.pendingApprovals}
                </Heading>
                <ul className="overflow-y-auto py-1">
                  {waiting.map((row) => {
                    const name = staffDisplayName(row);
                    return (
                      <li key={row.id} className="flex items-center gap-2 px-3 py-2 text-sm">
                        <span className="flex min-w-0 flex-1 flex-col">
                          <span className="truncate font-semibold">{name}</span>
                          <span className="truncate text-slate-600 dark:text-slate-400">{row.email}</span>
                        </span>
                        <Button
                          aria-label={`View ${name}`}
                          onPress={() => {
                            close();
                            requestInWorkspace({ category: "Users", item: "Staff", action: "show", id: row.id });
                          }}
                          className={`${smallButton} text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800`}
                        >
                          View
                        </Button>
                        <Button
                          aria-label={`${staffMessages.approve} ${name}`}
                          isDisabled={pending !== null}
                          onPress={() => void approveFromList(row)}
                          className={`${smallButton} bg-brand-700 text-white hover:bg-brand-800`}
                        >
                          {pending === row.id ? staffMessages.approving : staffMessages.approve}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
                {waiting.length === 0 ? (
                  <p className="px-3 py-3 text-sm text-slate-600 dark:text-slate-400">
                    {staffMessages.noPendingApprovals}
                  </p>
                ) : null}
              </div>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
    </div>
  );
}
