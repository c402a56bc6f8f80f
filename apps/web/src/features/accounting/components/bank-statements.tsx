import type { BankAccount } from "@keyholder/contracts/bank-accounts";
import type { StatementImport, StatementLine } from "@keyholder/contracts/bank-statements";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { STATEMENT_QUERY_KEY, statementImportsQuery, statementLinesQuery } from "../api/get-statement.ts";
import { StatementImportDialog } from "./statement-import-dialog.tsx";

const lineColumns: ReadOnlyColumn<StatementLine>[] = [
  { header: "Date", cell: (l) => l.posted_on },
  { header: "Description", cell: (l) => l.description },
  { header: "Reference", cell: (l) => l.reference ?? "" },
  { header: "Money in", align: "right", cell: (l) => (l.amount_cents > 0 ? formatCents(l.amount_cents) : "") },
  { header: "Money out", align: "right", cell: (l) => (l.amount_cents < 0 ? formatCents(-l.amount_cents) : "") },
];

const importColumns: ReadOnlyColumn<StatementImport>[] = [
  { header: "File", cell: (i) => i.file_name },
  { header: "Dates", cell: (i) => (i.first_date ? `${i.first_date} to ${i.last_date}` : "") },
  { header: "Transactions", align: "right", cell: (i) => i.lines_in_file.toLocaleString("en-US") },
  { header: "New", align: "right", cell: (i) => i.lines_added.toLocaleString("en-US") },
  {
    header: "Imported",
    cell: (i) => `${new Date(i.imported_at).toLocaleString()}${i.imported_by ? ` by ${i.imported_by}` : ""}`,
  },
];

/** What a toast says of an import: what was new, and what the bank had sent before. */
export function importedSummary(result: StatementImport) {
  const again = result.lines_in_file - result.lines_added;
  const added = `${result.lines_added.toLocaleString("en-US")} new transaction${result.lines_added === 1 ? "" : "s"}`;
  return again ? `${added}, ${again.toLocaleString("en-US")} already imported` : added;
}

/**
 * A bank account's statement as the bank sent it: the files imported and the latest lines, and
 * Import Statement for those who post to the books.
 */
export function BankStatements({ accounts, canImport }: { accounts: BankAccount[]; canImport: boolean }) {
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState(accounts.find((a) => a.is_active)?.id ?? accounts[0]?.id ?? "");
  const [importing, setImporting] = useState(false);
  const account = accounts.find((a) => a.id === accountId);
  const lines = useQuery({ ...statementLinesQuery(accountId), enabled: Boolean(account) });
  const imports = useQuery({ ...statementImportsQuery(accountId), enabled: Boolean(account) });
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
        {canImport ? <Button onPress={() => setImporting(true)}>Import Statement</Button> : null}
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
      {importing ? (
        <StatementImportDialog
          account={account}
          onImported={(result) => {
            setImporting(false);
            toast({ title: `Statement imported: ${importedSummary(result)}` });
            void queryClient.invalidateQueries({ queryKey: [STATEMENT_QUERY_KEY, account.id] });
          }}
          onClose={() => setImporting(false)}
        />
      ) : null}
    </div>
  );
}
