import { isCivilDate } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { ReportDownloads } from "../../../components/ui/report-downloads.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { reportFileUrl } from "../../../lib/report-file-url.ts";
import { trialBalanceQuery } from "../api/accounting.ts";

const cell = "px-3 py-1.5 text-sm";

/** Every account's balance at the end of a day, debits and credits side by side; as CSV, Excel or PDF too. */
export function TrialBalance({ today }: { today: string }) {
  const [asOf, setAsOf] = useState(today);
  const valid = isCivilDate(asOf);
  const query = useQuery({ ...trialBalanceQuery(asOf), enabled: valid });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="max-w-48">
          <DatePicker label="As of" value={asOf} onChange={setAsOf} errors={valid ? undefined : ["Enter a date"]} />
        </div>
        {valid ? <ReportDownloads url={(f) => reportFileUrl("trial-balance", { as_of: asOf }, f)} /> : null}
      </div>
      {query.isError ? <Alert>{query.error.message}</Alert> : null}
      {query.isPending && valid ? <Spinner label="Loading the trial balance" /> : null}
      {query.data ? (
        <table className="w-full max-w-3xl border-collapse">
          <caption className="sr-only">Trial balance as of {query.data.as_of}</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th scope="col" className={cell}>
                Account
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Debit
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Credit
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.rows.length === 0 ? (
              <tr>
                <td colSpan={3} className={`${cell} text-slate-600 dark:text-slate-300`}>
                  Nothing posted on or before this day.
                </td>
              </tr>
            ) : (
              query.data.rows.map((r) => (
                <tr key={r.account_id} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className={`${cell} text-left font-normal`}>
                    {r.code} {r.name}
                  </th>
                  <td className={`${cell} text-right tabular-nums`}>
                    {r.debit_cents ? formatCents(r.debit_cents) : ""}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {r.credit_cents ? formatCents(r.credit_cents) : ""}
                  </td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className={`${cell} text-left`}>
                Total
              </th>
              <td className={`${cell} text-right tabular-nums`}>{formatCents(query.data.total_debit_cents)}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatCents(query.data.total_credit_cents)}</td>
            </tr>
          </tfoot>
        </table>
      ) : null}
    </div>
  );
}
