import { formatCents } from "@keyholder/contracts/money";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDate } from "../../../lib/format.ts";
import { residentLedgerQuery, residentStatementUrl } from "../api/ledger.ts";
import { useChosenLease } from "./use-chosen-lease.ts";

/** The whole ledger of the resident's lease, newest first, each row with the balance after it. */
export function ResidentLedger() {
  const chosen = useChosenLease();
  const ledger = useQuery(residentLedgerQuery(chosen));
  if (ledger.isPending) return <Spinner />;
  if (ledger.isError) return <Alert>{ledger.error.message}</Alert>;
  const rows = [...ledger.data.rows].reverse();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Ledger</h1>
        <a
          href={residentStatementUrl(chosen)}
          download
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Download statement
        </a>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {ledger.data.balance_cents < 0 ? "Your credit" : "Balance due"}:{" "}
        <strong>{formatCents(Math.abs(ledger.data.balance_cents))}</strong>
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nothing posted yet.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Charges, payments and credits, newest first</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left dark:border-slate-800">
              <th scope="col" className="py-2 pr-2 font-medium">
                Date and description
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Balance
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((r) => (
              <tr key={r.entry_id}>
                <td className="py-2 pr-2 align-top">
                  <span className="block">{r.description}</span>
                  <span className="text-slate-600 dark:text-slate-400">{formatDate(r.posted_on)}</span>
                </td>
                <td className="py-2 pr-2 text-right align-top tabular-nums">
                  {r.charge_cents ? formatCents(r.charge_cents) : `-${formatCents(r.payment_cents)}`}
                </td>
                <td className="py-2 text-right align-top tabular-nums">{formatCents(r.balance_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
