import type { HistoryEntry } from "@keyholder/contracts/history";
import { ENTRY_SOURCE_LABELS } from "@keyholder/contracts/ledger";
import {
  entryIdOfLineKey,
  LEDGER_LINE_COLUMNS,
  LEDGER_LINES_PAGE_SIZE,
  type LedgerLineRow,
  ledgerLineMessages,
} from "@keyholder/contracts/ledger-lines";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery } from "@tanstack/react-query";
import { type Cells, centsCell, dayCell, gridColumns } from "../../../components/data-table/declared-columns.ts";
import type { RecordDefinition, RecordFormProps } from "../../../components/data-table/record-definition.ts";
import { RecordTable } from "../../../components/data-table/record-table.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { RecordView } from "../../../components/ui/record-view.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatDate } from "../../../lib/format.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { getJournalEntry, journalEntryQuery } from "../api/get-journal-entry.ts";
import { getLedgerLines, LEDGER_LINES_QUERY_KEY } from "../api/get-ledger-lines.ts";
import { JournalEntrySummary } from "./journal-entry-summary.tsx";

// A line is one side: the other side's cell is empty, not $0.00.
const sideCell = (cents: (l: LedgerLineRow) => number) => ({
  ...centsCell(cents),
  render: (l: LedgerLineRow) => (cents(l) ? formatCents(cents(l)) : ""),
});

const cells: Cells<LedgerLineRow, typeof LEDGER_LINE_COLUMNS> = {
  posted_on: dayCell((l) => l.posted_on),
  entry_id: { value: (l) => l.entry_id, align: "right" },
  source: { value: (l) => ENTRY_SOURCE_LABELS[l.source] },
  account_code: { value: (l) => l.account_code },
  account_name: { value: (l) => l.account_name },
  property_name: { value: (l) => l.property_name },
  unit_number: { value: (l) => l.unit_number },
  lease_no: { value: (l) => l.lease_no, align: "right" },
  tenant_name: { value: (l) => l.tenant_name },
  vendor_name: { value: (l) => l.vendor_name },
  owner_name: { value: (l) => l.owner_name },
  memo: { value: (l) => l.memo },
  debit_cents: sideCell((l) => l.debit_cents),
  credit_cents: sideCell((l) => l.credit_cents),
};

const name = (l: LedgerLineRow) => `entry ${l.entry_id}, ${l.account_code} ${l.account_name}`;

/** A line's View: what the line says, then its whole entry (the other side of it). */
function TransactionView({ row, onCancel }: RecordFormProps<LedgerLineRow>) {
  const entry = useQuery({ ...journalEntryQuery(row?.entry_id ?? 0), enabled: row !== null });
  if (!row) return null;
  const amount = row.debit_cents ? `${formatCents(row.debit_cents)} debit` : `${formatCents(row.credit_cents)} credit`;
  return (
    <RecordView
      onClose={onCancel}
      items={[
        { label: "Date", value: formatDate(row.posted_on) },
        { label: "Type", value: ENTRY_SOURCE_LABELS[row.source] },
        { label: "Account", value: `${row.account_code} ${row.account_name}` },
        { label: "Amount", value: amount },
        { label: "Property", value: row.property_name },
        { label: "Unit", value: row.unit_number },
        { label: "Lease No", value: row.lease_no },
        { label: "Tenant", value: row.tenant_name },
        { label: "Vendor", value: row.vendor_name },
        { label: "Owner", value: row.owner_name },
        { label: "Memo", value: row.memo },
      ]}
    >
      <section aria-label={`Entry ${row.entry_id}`} className="flex flex-col gap-2">
        <h3 className="font-semibold text-slate-800 dark:text-slate-100">The whole entry</h3>
        {entry.isPending ? <Spinner label={`Loading entry ${row.entry_id}`} /> : null}
        {entry.isError ? <Alert>{entry.error.message}</Alert> : null}
        {entry.data ? <JournalEntrySummary entry={entry.data} /> : null}
      </section>
    </RecordView>
  );
}

const inTheJournal = "Posted lines never change: write a reversing entry in Accounting > General Ledger";

/**
 * The entry's own story, from the entry: posted (by whom, when) and, when it was, reversed. Posted
 * lines are never edited, so that is all of it.
 */
async function entryHistory(entryId: number): Promise<HistoryEntry[]> {
  const e = await getJournalEntry(entryId);
  return [
    {
      id: e.id,
      action: "create",
      changed_at: e.created_at,
      changed_by: e.created_by,
      changes: {
        posted_on: { from: null, to: e.posted_on },
        memo: { from: null, to: e.memo },
        total_cents: { from: null, to: e.total_cents },
      },
    },
  ];
}

/** Accounting > Transactions (issue 29, item 1): every journal line, read-only, as a definition of the shared grid. */
const transactionsDefinition: RecordDefinition<LedgerLineRow, string> = {
  grid: {
    key: LEDGER_LINES_QUERY_KEY,
    defaultSort: "l.posted_on",
    defaultSortDescending: true,
    pageSize: LEDGER_LINES_PAGE_SIZE,
    rowId: (l) => l.key,
    fetchPage: getLedgerLines,
    loadError: ledgerLineMessages.loadFailed,
    empty: {
      title: ledgerLineMessages.emptyTitle,
      none: ledgerLineMessages.emptyText,
      noMatch: ledgerLineMessages.noMatch,
      add: "",
    },
    columns: gridColumns(LEDGER_LINE_COLUMNS, cells),
  },
  noun: { one: "Transaction", many: "transactions" },
  recordId: (l) => l.key,
  titles: {
    name,
    view: (l) => `Transaction: ${name(l)}`,
    edit: (l) => `Transaction: ${name(l)}`,
    add: "",
    remove: name,
    removeMany: (n) => `${n} transactions`,
    history: (l) => `Entry ${l.entry_id} History`,
  },
  menu: { view: "View Transaction", edit: "View Transaction", remove: "Reverse in General Ledger" },
  unavailable: {
    add: "Transactions are posted by charges, payments and journal entries",
    edit: inTheJournal,
    remove: inTheJournal,
  },
  messages: {
    selectToEdit: "Please select a transaction",
    selectOneToEdit: "Please select only one transaction",
    selectOneForHistory: "Please select a single transaction to view its entry's history",
    selectToDelete: inTheJournal,
    deleteFailed: inTheJournal,
  },
  exportFiles: { all: "all_transactions.csv", selected: "selected_transactions.csv" },
  historyFields: {
    posted_on: { label: "Date" },
    memo: { label: "Memo" },
    total_cents: { label: "Total", format: (v) => (typeof v === "number" ? formatCents(v) : String(v ?? "")) },
  },
  loadHistory: (key) => entryHistory(entryIdOfLineKey(key)),
  Form: TransactionView,
  formWidth: "max-w-none sm:w-2/3",
};

/** Accounting > Transactions. */
export function TransactionsTable(props: TableTabProps) {
  return <RecordTable definition={transactionsDefinition} label="Transactions" {...props} />;
}
