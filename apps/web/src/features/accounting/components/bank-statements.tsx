import type { BankAccount } from "@keyholder/contracts/bank-accounts";
import type { StatementImport, StatementLine } from "@keyholder/contracts/bank-statements";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { RECONCILIATIONS_QUERY_KEY } from "../api/get-reconciliations.ts";
import { STATEMENT_QUERY_KEY, statementImportsQuery, statementLinesQuery } from "../api/get-statement.ts";
import { StatementImportDialog } from "./statement-import-dialog.tsx";

const lineColumns: ReadOnlyColumn<StatementLine>[] = [
  { header: "Date", cell: (l) => l.posted_on },
  { header: "Description", cell: (l) => l.description },
  { header: "Reference", cell: (l) => l.reference ?? "" },
  { header: "Money in", align: "right", cell: (l) => (l.amount_cents > 0 ? formatCents(l.amount_cents) : "") },
  { header: "Money out", align: "right", cell: (l) => (l.amount_cents < 0 ? formatCents(-l.amount_cents) : "") },
];

const count = (n: number) => n.toLocaleString("en-US");

/** Where an import is: kept, kept and matched, how far a background one has come, or why it stopped. */
export function importStatus(i: StatementImport) {
  if (i.status === "importing") {
    return i.lines_done < i.lines_in_file
      ? `Importing: ${count(i.lines_done)} of ${count(i.lines_in_file)} lines`
      : "Matching to the reconciliation";
  }
  if (i.status === "failed") return `Stopped after ${count(i.lines_done)} lines: ${i.error ?? "unknown error"}`;
  return i.lines_matched ? `Imported, ${count(i.lines_matched)} matched` : "Imported";
}

const importColumns: ReadOnlyColumn<StatementImport>[] = [
  { header: "File", cell: (i) => i.file_name },
  { header: "Status", cell: importStatus },
  { header: "Dates", cell: (i) => (i.first_date ? `${i.first_date} to ${i.last_date}` : "") },
  { header: "Transactions", align: "right", cell: (i) => count(i.lines_in_file) },
  { header: "New", align: "right", cell: (i) => count(i.lines_added) },
  {
    header: "Imported",
    cell: (i) => `${new Date(i.imported_at).toLocaleString()}${i.imported_by ? ` by ${i.imported_by}` : ""}`,
  },
];

/**
 * What a toast says of an import: what was new, what the bank had sent before, what was matched; or,
 * for a long file, that it goes on in the background.
 */
export function importedSummary(result: StatementImport) {
  if (result.status === "importing") {
    return `Importing ${count(result.lines_in_file)} transactions in the background: Imports shows how far it is`;
  }
  const again = result.lines_in_file - result.lines_added;
  const added = `${count(result.lines_added)} new transaction${result.lines_added === 1 ? "" : "s"}`;
  const matched = result.lines_matched ? `, ${count(result.lines_matched)} matched to the reconciliation` : "";
  return `Statement imported: ${again ? `${added}, ${count(again)} already imported` : added}${matched}`;
}

/**
 * A bank account's statement as the bank sent it: the files imported and the latest lines, and
 * Import Statement for those who post to the books.
 */
export function BankStatements({ accounts, canImport }: { accounts: BankAccount[]; canImport: boolean }) {
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState(accounts.find((a) => a.is_active)?.id ?? accounts[0]?.id ?? "");
  const [choosing, setChoosing] = useState(false);
  const account = accounts.find((a) => a.id === accountId);
  const lines = useQuery({ ...statementLinesQuery(accountId), enabled: Boolean(account) });
  const imports = useQuery({ ...statementImportsQuery(accountId), enabled: Boolean(account) });
  const importing = imports.data?.imports.filter((i) => i.status === "importing").length ?? 0;
  const wasImporting = useRef(0);
  // A background import that ended brought new lines and matches: read them again.
  useEffect(() => {
    if (importing < wasImporting.current) {
      void queryClient.invalidateQueries({ queryKey: [STATEMENT_QUERY_KEY, accountId, "lines"] });
      void queryClient.invalidateQueries({ queryKey: [RECONCILIATIONS_QUERY_KEY] });
    }
    wasImporting.current = importing;
  }, [importing, accountId, queryClient]);
  if (!account) return null;
  const total = lines.data?.total_count ?? 0;
  return (
    <div className="flex max-w-5xl flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-72">
          <SelectField
            label="Bank account"
            value={accountId}
            onChange={setAccountId}
            options={accounts.map((a) => ({ value: a.id, label: a.name }))}
          />
        </div>
        {canImport ? <Button onPress={() => setChoosing(true)}>Import Statement</Button> : null}
      </div>
      {lines.isPending ? <Spinner label="Loading the statement" /> : null}
      {lines.isError ? <Alert>{lines.error.message}</Alert> : null}
      {lines.data ? (
        <ReadOnlyTable
          caption={
            total > lines.data.lines.length
              ? `Latest ${lines.data.lines.length.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} bank lines`
              : "Bank lines"
          }
          columns={lineColumns}
          rows={lines.data.lines}
          rowKey={(l) => l.id}
          limitHeight
          empty={`No statement imported into ${account.name} yet.`}
        />
      ) : null}
      {imports.data?.imports.length ? (
        <ReadOnlyTable caption="Imports" columns={importColumns} rows={imports.data.imports} rowKey={(i) => i.id} />
      ) : null}
      {choosing ? (
        <StatementImportDialog
          account={account}
          onImported={(result) => {
            setChoosing(false);
            toast({ title: importedSummary(result) });
            void queryClient.invalidateQueries({ queryKey: [STATEMENT_QUERY_KEY, account.id] });
          }}
          onClose={() => setChoosing(false)}
        />
      ) : null}
    </div>
  );
}
