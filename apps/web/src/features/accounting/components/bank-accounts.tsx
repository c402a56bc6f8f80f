import { BANK_ACCOUNT_KIND_LABELS, type BankAccount } from "@keyholder/contracts/bank-accounts";
import { todayIn } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TabPage } from "../../../components/ui/tab-page.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { accountsQuery } from "../../../lib/ledger-accounts.ts";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { bankAccountsQuery } from "../api/get-bank-accounts.ts";
import { BankAccountDialog } from "./bank-account-dialog.tsx";
import { BankAccountPropertiesDialog } from "./bank-account-properties-dialog.tsx";
import { BankDeposits } from "./bank-deposits.tsx";
import { BankStatements } from "./bank-statements.tsx";
import { Reconciliations } from "./reconciliations.tsx";
import { TransferDialog } from "./transfer-dialog.tsx";

/**
 * Accounting > Bank Accounts: the organization's operating, trust and escrow accounts, each with its
 * cash account in the books and what the books say is in it (administrators add and edit them),
 * the deposits that take receipts out of Undeposited Funds into them, the statements the banks sent,
 * and their reconciliation to those statements.
 */
export function BankAccounts({ can }: TableTabProps) {
  const queryClient = useQueryClient();
  const query = useQuery(bankAccountsQuery);
  const [editing, setEditing] = useState<BankAccount | "new" | null>(null);
  const [transferring, setTransferring] = useState(false);
  const [assigning, setAssigning] = useState<BankAccount | null>(null);
  const settings = useQuery(organizationSettingsQuery);
  const manage = can("accounting.manage");
  const columns: ReadOnlyColumn<BankAccount>[] = [
    {
      header: "Name",
      cell: (b) => (
        <span className="flex flex-wrap items-center gap-2">
          {b.name}
          {b.is_active ? null : <Badge tone="neutral">Retired</Badge>}
        </span>
      ),
    },
    { header: "Kind", cell: (b) => BANK_ACCOUNT_KIND_LABELS[b.kind] },
    { header: "Bank", cell: (b) => b.bank_name ?? "" },
    { header: "Account", cell: (b) => (b.account_last4 ? `•••• ${b.account_last4}` : "") },
    { header: "Cash account", cell: (b) => `${b.ledger_account.code} ${b.ledger_account.name}` },
    { header: "Book balance", align: "right", cell: (b) => formatCents(b.balance_cents) },
    { header: "Properties", align: "right", cell: (b) => (b.property_count ? String(b.property_count) : "") },
  ];
  if (manage) {
    columns.push({
      header: "Action",
      hideHeader: true,
      cell: (b) => (
        <span className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={() => setEditing(b)}>
            Edit<span className="sr-only"> {b.name}</span>
          </Button>
          <Button variant="secondary" onPress={() => setAssigning(b)}>
            Properties<span className="sr-only"> of {b.name}</span>
          </Button>
        </span>
      ),
    });
  }
  const saved = (account: BankAccount, created: boolean) => {
    setEditing(null);
    toast({ title: `Bank account ${account.name} ${created ? "added" : "saved"}` });
    void queryClient.invalidateQueries({ queryKey: bankAccountsQuery.queryKey });
    if (created) void queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey });
  };
  return (
    <TabPage>
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">Bank Accounts</h2>
      <div className="flex max-w-5xl flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          {manage ? <Button onPress={() => setEditing("new")}>Add Bank Account</Button> : null}
          {can("ledger.post") && (query.data?.bank_accounts.filter((b) => b.is_active).length ?? 0) >= 2 ? (
            <Button variant="secondary" onPress={() => setTransferring(true)}>
              Transfer Between Accounts
            </Button>
          ) : null}
        </div>
        {query.isPending ? <Spinner label="Loading bank accounts" /> : null}
        {query.isError ? <Alert>{query.error.message}</Alert> : null}
        {query.data ? (
          <ReadOnlyTable
            label="Bank accounts"
            columns={columns}
            rows={query.data.bank_accounts}
            rowKey={(b) => b.id}
            empty="No bank account yet. Add the accounts your rents, owners' money and security deposits are kept in."
          />
        ) : null}
      </div>
      {query.data ? (
        <section aria-labelledby="bank-deposits" className="mt-8">
          <h3 id="bank-deposits" className="mb-2 font-semibold">
            Deposits
          </h3>
          <BankDeposits accounts={query.data.bank_accounts} canPost={can("ledger.post")} />
        </section>
      ) : null}
      {query.data?.bank_accounts.length ? (
        <section aria-labelledby="bank-statements" className="mt-8">
          <h3 id="bank-statements" className="mb-2 font-semibold">
            Statements
          </h3>
          <BankStatements accounts={query.data.bank_accounts} canImport={can("ledger.post")} />
        </section>
      ) : null}
      {query.data?.bank_accounts.length && settings.data ? (
        <section aria-labelledby="bank-reconciliations" className="mt-8">
          <h3 id="bank-reconciliations" className="mb-2 font-semibold">
            Reconciliations
          </h3>
          <Reconciliations
            accounts={query.data.bank_accounts}
            canPost={can("ledger.post")}
            today={todayIn(settings.data.time_zone)}
          />
        </section>
      ) : null}
      {transferring && query.data && settings.data ? (
        <TransferDialog
          accounts={query.data.bank_accounts}
          today={todayIn(settings.data.time_zone)}
          onTransferred={(entry) => {
            setTransferring(false);
            toast({ title: `${entry.memo}: ${formatCents(entry.total_cents)} on ${entry.posted_on}` });
            void queryClient.invalidateQueries({ queryKey: bankAccountsQuery.queryKey });
          }}
          onClose={() => setTransferring(false)}
        />
      ) : null}
      {assigning ? (
        <BankAccountPropertiesDialog
          account={assigning}
          onSaved={(count) => {
            toast({
              title: `${assigning.name} keeps the money of ${count} ${count === 1 ? "property" : "properties"}`,
            });
            setAssigning(null);
            void queryClient.invalidateQueries({ queryKey: bankAccountsQuery.queryKey });
          }}
          onClose={() => setAssigning(null)}
        />
      ) : null}
      {editing && query.data ? (
        <BankAccountDialog
          {...(editing === "new" ? {} : { account: editing })}
          taken={new Set(query.data.bank_accounts.map((b) => b.ledger_account.id))}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </TabPage>
  );
}
