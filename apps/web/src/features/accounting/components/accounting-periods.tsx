import { monthName } from "@keyholder/contracts/civil-date";
import { type AccountingPeriod, ledgerMessages } from "@keyholder/contracts/ledger";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { closePeriod, periodsQuery } from "../api/accounting.ts";
import { reopenPeriod } from "../api/reopen-period.ts";

const cell = "px-3 py-1.5 text-sm";

/**
 * The accounting periods, latest first. An administrator closes one that has ended, after saying so
 * twice: from then on postings dated in it are refused. A closed one can be reopened the same way,
 * for a correction dated in it.
 */
export function AccountingPeriods({ today, canClose }: { today: string; canClose: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(periodsQuery);
  const [confirming, setConfirming] = useState<string | null>(null);
  const changed = (period: AccountingPeriod) => {
    setConfirming(null);
    queryClient.setQueryData(periodsQuery.queryKey, (old) =>
      old ? { periods: old.periods.map((p) => (p.id === period.id ? period : p)) } : old,
    );
  };
  const close = useMutation({
    mutationFn: closePeriod,
    onSuccess: (period) => {
      reopen.reset();
      changed(period);
    },
  });
  const reopen = useMutation({
    mutationFn: reopenPeriod,
    onSuccess: (period) => {
      close.reset();
      changed(period);
    },
  });
  if (query.isPending) return <Spinner label="Loading accounting periods" />;
  if (query.isError) return <Alert>{query.error.message}</Alert>;
  const closable = (p: AccountingPeriod) => canClose && p.status === "open" && p.ends_on < today;
  return (
    <div className="flex flex-col gap-2">
      {close.isError ? <Alert>{close.error.message}</Alert> : null}
      {close.isSuccess ? <Alert tone="success">{monthName(close.data.starts_on)} is closed.</Alert> : null}
      {reopen.isError ? <Alert>{reopen.error.message}</Alert> : null}
      {reopen.isSuccess ? <Alert tone="success">{ledgerMessages.periodReopened(reopen.data.starts_on)}.</Alert> : null}
      {query.data.periods.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          No period yet: a month gets one with its first posting.
        </p>
      ) : (
        <table className="w-full max-w-3xl border-collapse">
          <caption className="sr-only">Accounting periods</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className={cell}>
                Month
              </th>
              <th scope="col" className={cell}>
                Status
              </th>
              <th scope="col" className={cell}>
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.periods.map((p) => (
              <tr key={p.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                <th scope="row" className={`${cell} text-left font-normal`}>
                  {monthName(p.starts_on)}
                </th>
                <td className={cell}>
                  {p.status === "closed"
                    ? `Closed${p.closed_by ? ` by ${p.closed_by.name}` : ""}${p.closed_at ? ` on ${new Date(p.closed_at).toLocaleDateString("en-US")}` : ""}`
                    : "Open"}
                </td>
                <td className={`${cell} text-right`}>
                  {canClose && p.status === "closed" ? (
                    confirming === p.id ? (
                      <span className="inline-flex flex-wrap items-center justify-end gap-2">
                        <span className="text-left">
                          Postings dated in {monthName(p.starts_on)} will be taken again.
                        </span>
                        <Button onPress={() => reopen.mutate(p.id)} isPending={reopen.isPending}>
                          Reopen {monthName(p.starts_on)}
                        </Button>
                        <Button variant="secondary" onPress={() => setConfirming(null)}>
                          Cancel
                        </Button>
                      </span>
                    ) : (
                      <Button variant="secondary" onPress={() => setConfirming(p.id)}>
                        Reopen period
                        <span className="sr-only"> {monthName(p.starts_on)}</span>
                      </Button>
                    )
                  ) : !closable(p) ? null : confirming === p.id ? (
                    <span className="inline-flex flex-wrap items-center justify-end gap-2">
                      <span className="text-left">Postings dated in {monthName(p.starts_on)} will be refused.</span>
                      <Button variant="danger" onPress={() => close.mutate(p.id)} isPending={close.isPending}>
                        Close {monthName(p.starts_on)}
                      </Button>
                      <Button variant="secondary" onPress={() => setConfirming(null)}>
                        Cancel
                      </Button>
                    </span>
                  ) : (
                    <Button variant="secondary" onPress={() => setConfirming(p.id)}>
                      Close period
                      <span className="sr-only"> {monthName(p.starts_on)}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
