import { balanceSheetLines } from "@keyholder/contracts/balance-sheet";
import { isCivilDate } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { ReportDownloads } from "../../../components/ui/report-downloads.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { reportFileUrl } from "../../../lib/report-file-url.ts";
import { balanceSheetQuery } from "../api/get-balance-sheet.ts";

type Line = ReturnType<typeof balanceSheetLines>[number];

const columns: ReadOnlyColumn<Line>[] = [
  { header: "Account", cell: (l) => l.label },
  { header: "Balance", align: "right", cell: (l) => formatCents(l.amount_cents) },
];

/** Assets, liabilities and equity at the end of a day, the earnings to date in equity; as CSV, Excel or PDF too. */
export function BalanceSheet({ today }: { today: string }) {
  const [asOf, setAsOf] = useState(today);
  const valid = isCivilDate(asOf);
  const sheet = useQuery({ ...balanceSheetQuery(asOf), enabled: valid });
  return (
    <div className="flex max-w-3xl flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="max-w-48">
          <DatePicker label="As of" value={asOf} onChange={setAsOf} errors={valid ? undefined : ["Enter a date"]} />
        </div>
        {valid ? <ReportDownloads url={(f) => reportFileUrl("balance-sheet", { as_of: asOf }, f)} /> : null}
      </div>
      {sheet.isError ? <Alert>{sheet.error.message}</Alert> : null}
      {sheet.isPending && valid ? <Spinner label="Loading the balance sheet" /> : null}
      {sheet.data ? (
        <ReadOnlyTable
          label={`Balance sheet as of ${sheet.data.as_of}`}
          columns={columns}
          rows={balanceSheetLines(sheet.data)}
          rowKey={(l) => l.label}
          isTotal={(l) => Boolean(l.total)}
        />
      ) : null}
    </div>
  );
}
