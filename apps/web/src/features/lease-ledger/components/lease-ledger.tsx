import type { LedgerRow, LedgerRowType } from "@keyholder/contracts/lease-ledger";
import { formatCents } from "@keyholder/contracts/money";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { leaseLedgerKey, leaseLedgerQuery, returnPayment, statementUrl } from "../api/lease-ledger.ts";
import { RecordPayment } from "./record-payment.tsx";

const cell = "px-3 py-1.5 text-sm";

const typeLabels: Record<LedgerRowType, string> = {
  charge: "Charge",
  late_fee: "Late fee",
  nsf_fee: "NSF fee",
  payment: "Payment",
  payment_return: "Returned payment",
  credit: "Credit",
  refund: "Refund",
  prepaid_applied: "Prepaid rent applied",
  adjustment: "Adjustment",
  reversal: "Reversal",
};

/** What the lease owes now, or the credit it holds, in words a tenant uses. */
export const balanceText = (cents: number) =>
  cents > 0 ? `Balance due ${formatCents(cents)}` : cents < 0 ? `Credit ${formatCents(-cents)}` : "Paid in full";

/**
 * A lease's tenant ledger (issue 27 item 10): every charge, payment, credit, refund and fee with its
 * running balance; a payment recorded here, a returned payment (NSF) marked from its row, and the
 * statement downloaded as a PDF. The leases screens host it.
 */
export function LeaseLedger({ leaseId, today, canPost }: { leaseId: string; today: string; canPost: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(leaseLedgerQuery(leaseId));
  const [returning, setReturning] = useState<LedgerRow | null>(null);
  const bounce = useMutation({
    mutationFn: (paymentId: string) => returnPayment(paymentId, { returned_on: today }),
    onSuccess: () => {
      setReturning(null);
      return queryClient.invalidateQueries({ queryKey: leaseLedgerKey(leaseId) });
    },
  });
  if (query.isPending) return <Spinner label="Loading the ledger" />;
  if (query.isError) return <Alert>{query.error.message}</Alert>;
  const ledger = query.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <p aria-live="polite" className="text-lg font-semibold tabular-nums">
          {balanceText(ledger.balance_cents)}
        </p>
        <a className="text-sm underline" href={statementUrl(leaseId)} download>
          Download statement (PDF)
        </a>
      </div>
      {canPost ? <RecordPayment leaseId={leaseId} today={today} /> : null}
      <table className="w-full max-w-4xl border-collapse">
        <caption className="sr-only">Tenant ledger</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left dark:border-slate-700">
            <th scope="col" className={cell}>
              Date
            </th>
            <th scope="col" className={cell}>
              Description
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Charges
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Payments
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Balance
            </th>
            {canPost ? (
              <th scope="col" className={cell}>
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {ledger.rows.length === 0 ? (
            <tr>
              <td colSpan={canPost ? 6 : 5} className={`${cell} text-slate-600 dark:text-slate-300`}>
                Nothing posted to this lease yet.
              </td>
            </tr>
          ) : (
            ledger.rows.map((r) => (
              <tr key={r.entry_id} className="border-b border-slate-100 dark:border-slate-800">
                <td className={`${cell} tabular-nums`}>{r.posted_on}</td>
                <td className={cell}>
                  <span className="sr-only">{typeLabels[r.type]}: </span>
                  {r.description}
                  {r.returned ? " (returned)" : ""}
                </td>
                <td className={`${cell} text-right tabular-nums`}>
                  {r.charge_cents ? formatCents(r.charge_cents) : ""}
                </td>
                <td className={`${cell} text-right tabular-nums`}>
                  {r.payment_cents ? formatCents(r.payment_cents) : ""}
                </td>
                <td className={`${cell} text-right tabular-nums`}>{formatCents(r.balance_cents)}</td>
                {canPost ? (
                  <td className={cell}>
                    {r.payment_id && !r.returned ? (
                      <Button variant="secondary" onPress={() => setReturning(r)}>
                        Returned (NSF)
                      </Button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <ConfirmDialog
        isOpen={returning !== null}
        title="Mark this payment returned?"
        message={`The payment of ${formatCents(returning?.payment_cents ?? 0)} is reversed, the charges it paid are owed again and the NSF fee is charged.`}
        confirmLabel="Mark returned"
        isPending={bounce.isPending}
        onConfirm={() => returning?.payment_id && bounce.mutate(returning.payment_id)}
        onCancel={() => setReturning(null)}
      />
      {bounce.isError ? <Alert>{bounce.error.message}</Alert> : null}
    </div>
  );
}
