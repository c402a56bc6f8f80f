import { todayIn } from "@keyholder/contracts/civil-date";
import type { LedgerRow } from "@keyholder/contracts/lease-ledger";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useRefreshRecords } from "../../../components/data-table/use-refresh-records.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import { leaseQueryKey } from "../api/get-lease.ts";
import { getLeaseLedger, leaseLedgerKey, statementUrl } from "../api/get-lease-ledger.ts";
import { returnPayment } from "../api/post-to-lease.ts";
import { LeasePostingForm, POSTING_TITLES, type PostingKind } from "./lease-posting-form.tsx";

const balanceText = (cents: number) => (cents < 0 ? `${formatCents(-cents)} credit` : formatCents(cents));

/**
 * A lease's tenant ledger (issue 27 item 10): every charge, payment, credit, refund and fee with the
 * balance after each; payments, charges, credits and refunds posted from here; a payment that came
 * back returned (NSF); the statement downloaded as a PDF.
 */
export function LeaseLedgerPanel({ leaseId, canPost }: { leaseId: string; canPost: boolean }) {
  const queryClient = useQueryClient();
  const refresh = useRefreshRecords();
  const settings = useQuery(organizationSettingsQuery);
  const ledger = useQuery({ queryKey: leaseLedgerKey(leaseId), queryFn: () => getLeaseLedger(leaseId) });
  const [posting, setPosting] = useState<PostingKind | null>(null);
  const [returning, setReturning] = useState<LedgerRow | null>(null);

  const posted = (message: string) => {
    setPosting(null);
    toast({ title: message, tone: "success" });
    void queryClient.invalidateQueries({ queryKey: leaseLedgerKey(leaseId) });
    void queryClient.invalidateQueries({ queryKey: leaseQueryKey(leaseId) });
    void refresh();
  };

  const [returnBusy, setReturnBusy] = useState(false);
  const returnIt = async () => {
    const row = returning;
    if (!row?.payment_id) return;
    setReturnBusy(true);
    try {
      const day = todayIn(settings.data?.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
      await returnPayment(row.payment_id, { returned_on: day });
      posted(`Payment of ${formatCents(row.payment_cents)} returned; the charges it paid are open again`);
    } catch (err) {
      toast({
        title: "Could not return the payment",
        description: err instanceof ApiError ? err.message : "Please try again.",
        tone: "error",
      });
    } finally {
      setReturning(null);
      setReturnBusy(false);
    }
  };

  if (!ledger.data) {
    return ledger.isError ? (
      <Alert>Failed to load the ledger. Please try again.</Alert>
    ) : (
      <Spinner label="Loading the ledger..." />
    );
  }
  const data = ledger.data;
  return (
    <section aria-label="Ledger" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Ledger</h3>
        <p className="text-sm" aria-live="polite">
          Balance: <strong>{balanceText(data.balance_cents)}</strong>
        </p>
      </div>
      {canPost && posting === null ? (
        <div className="flex flex-wrap gap-2">
          {(["payments", "charges", "credits"] as const).map((kind) => (
            <Button key={kind} variant={kind === "payments" ? "primary" : "secondary"} onPress={() => setPosting(kind)}>
              {POSTING_TITLES[kind]}
            </Button>
          ))}
          {data.credit_cents > 0 ? (
            <Button variant="secondary" onPress={() => setPosting("refunds")}>
              {POSTING_TITLES.refunds}
            </Button>
          ) : null}
          <a
            className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-sky-800 underline dark:text-sky-300"
            href={statementUrl(leaseId)}
            download
          >
            Download Statement (PDF)
          </a>
        </div>
      ) : null}
      {posting ? (
        <LeasePostingForm
          leaseId={leaseId}
          kind={posting}
          ledger={data}
          onDone={posted}
          onCancel={() => setPosting(null)}
        />
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Ledger of the lease, oldest first</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              {["Date", "Description", "Charges", "Payments", "Balance", ""].map((h, i) => (
                <th
                  key={h || i}
                  scope="col"
                  className={`py-1 pr-3 font-medium text-slate-600 dark:text-slate-400 ${i >= 2 && i <= 4 ? "text-right" : ""}`}
                >
                  {h || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="py-2 text-slate-600 dark:text-slate-300">
                  Nothing posted yet.
                </td>
              </tr>
            ) : null}
            {data.rows.map((r) => (
              <tr key={`${r.entry_id}-${r.type}`} className="border-b border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-3 whitespace-nowrap">{formatDate(r.posted_on)}</td>
                <td className="py-1 pr-3">
                  {r.description}
                  {r.returned ? <span className="ml-1 text-amber-800 dark:text-amber-300">(returned)</span> : null}
                </td>
                <td className="py-1 pr-3 text-right">{r.charge_cents ? formatCents(r.charge_cents) : ""}</td>
                <td className="py-1 pr-3 text-right">{r.payment_cents ? formatCents(r.payment_cents) : ""}</td>
                <td className="py-1 pr-3 text-right">{balanceText(r.balance_cents)}</td>
                <td className="py-1">
                  {canPost && r.type === "payment" && r.payment_id && !r.returned ? (
                    <Button variant="ghost" onPress={() => setReturning(r)}>
                      Return (NSF)
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        isOpen={returning !== null}
        title="Return Payment"
        message={
          returning
            ? `The payment of ${formatCents(returning.payment_cents)} received ${formatDate(returning.posted_on)} came back unpaid: the charges it paid open again and the NSF fee is charged once.`
            : ""
        }
        confirmLabel="Return Payment"
        isPending={returnBusy}
        onCancel={() => setReturning(null)}
        onConfirm={() => void returnIt()}
      />
    </section>
  );
}
