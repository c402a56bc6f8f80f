import { addMonths, monthEnd, monthName, monthStart } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import { statementLines } from "@keyholder/contracts/owner-statements";
import { formatShare, type Owner } from "@keyholder/contracts/owners";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import type { ReadOnlyColumn } from "../../../components/ui/read-only-table.tsx";
import { ReportDownloads } from "../../../components/ui/report-downloads.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TableSection } from "../../../components/ui/table-section.tsx";
import { reportFileUrl } from "../../../lib/report-file-url.ts";
import { ownerStatementQuery } from "../api/get-owner-statement.ts";

type Line = ReturnType<typeof statementLines>[number];

const lineColumns: ReadOnlyColumn<Line>[] = [
  { header: "Line", cell: (l) => l.label },
  { header: "Amount", align: "right", cell: (l) => formatCents(l.amount_cents) },
];

/**
 * An owner's statement for a month (decision 044): for each of their properties, the trust cash
 * from the start of the month to its end, what is held back, what is available and their part of
 * it; downloadable as CSV.
 */
export function OwnerStatementDialog({ owner, today, onClose }: { owner: Owner; today: string; onClose(): void }) {
  const months = Array.from({ length: 13 }, (_, back) => addMonths(monthStart(today), -back));
  const [month, setMonth] = useState(months[1] ?? monthStart(today));
  const end = monthEnd(month);
  const statement = useQuery(ownerStatementQuery(owner.id, month, end));
  const title = `Statement: ${owner.name}`;
  return (
    <Dialog id="owner-statement" title={title} isOpen onClose={onClose} width="max-w-3xl">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Month"
            value={month}
            onChange={setMonth}
            options={months.map((m) => ({ value: m, label: monthName(m) }))}
          />
          <ReportDownloads
            url={(f) =>
              reportFileUrl("owner-statement", { owner_id: owner.id, period_start: month, period_end: end }, f)
            }
          />
        </div>
        {statement.isPending ? <Spinner label="Loading the statement" /> : null}
        {statement.isError ? <Alert>{statement.error.message}</Alert> : null}
        {statement.data ? (
          <>
            <p role="status" className="text-sm text-slate-800 dark:text-slate-100">
              {statement.data.properties.length
                ? `Available to ${owner.name} at the end of ${monthName(month)}: ${formatCents(statement.data.owner_available_cents)}`
                : `${owner.name} owned no property in ${monthName(month)}.`}
            </p>
            {statement.data.properties.map((p) => (
              <TableSection
                key={p.property.id}
                id={`statement-${p.property.id}`}
                heading={`${p.property.name}: ${formatShare(p.share_bp)} share, ${formatCents(p.owner_available_cents)} available to ${owner.name}`}
                className="mt-2"
                label={`${p.property.name} statement`}
                columns={lineColumns}
                rows={statementLines(p)}
                rowKey={(l) => l.label}
                isTotal={(l) => Boolean(l.total)}
              />
            ))}
          </>
        ) : null}
        <div className="flex justify-end">
          <Button variant="secondary" onPress={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
