import { ENTRY_SOURCE_LABELS, type JournalEntry } from "@keyholder/contracts/ledger";
import { formatCents } from "@keyholder/contracts/money";
import type { ReactNode } from "react";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";

type Line = JournalEntry["lines"][number];
const lineColumns: ReadOnlyColumn<Line>[] = [
  { header: "Account", cell: (l) => `${l.account_code} ${l.account_name}` },
  { header: "Memo", cell: (l) => l.memo ?? "" },
  { header: "Debit", align: "right", cell: (l) => (l.debit_cents ? formatCents(l.debit_cents) : "") },
  { header: "Credit", align: "right", cell: (l) => (l.credit_cents ? formatCents(l.credit_cents) : "") },
];

/** An entry that was reversed says by which, a reversal what it reverses. */
const reversalNote = (e: JournalEntry) =>
  e.reversed_by_entry_id
    ? `Reversed by entry ${e.reversed_by_entry_id}`
    : e.reverses_entry_id
      ? `Reverses entry ${e.reverses_entry_id}`
      : null;

/**
 * One journal entry as the journal and Transactions show it: number, date, kind and total, its memo,
 * reversal and who posted it, then its lines; `action` (Reverse) beside the heading.
 */
export function JournalEntrySummary({ entry: e, action }: { entry: JournalEntry; action?: ReactNode }) {
  return (
    <>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <div className="flex flex-col">
          <span className="font-medium">
            Entry {e.id} · {e.posted_on} · {ENTRY_SOURCE_LABELS[e.source]} · {formatCents(e.total_cents)}
          </span>
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {[e.memo, reversalNote(e), e.created_by ? `by ${e.created_by.name}` : null].filter(Boolean).join(" · ")}
          </span>
        </div>
        {action}
      </div>
      <ReadOnlyTable label={`Lines of entry ${e.id}`} columns={lineColumns} rows={e.lines} rowKey={(l) => l.line_no} />
    </>
  );
}
