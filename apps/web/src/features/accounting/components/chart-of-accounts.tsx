import { ACCOUNT_TYPE_LABELS, type LedgerAccount } from "@keyholder/contracts/ledger";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { accountsQuery } from "../../../lib/ledger-accounts.ts";
import { AccountDialog } from "./account-dialog.tsx";

/** A balance on its normal side reads plain; the other side is marked, as a bookkeeper writes it. */
const balanceText = (a: LedgerAccount) => {
  const onNormalSide = a.normal_balance === "debit" ? a.balance_cents : -a.balance_cents;
  if (a.balance_cents === 0) return formatCents(0);
  return onNormalSide > 0
    ? formatCents(onNormalSide)
    : `${formatCents(-onNormalSide)} ${a.normal_balance === "debit" ? "Cr" : "Dr"}`;
};

/**
 * The chart of accounts by code: each account's type, balance on its normal side, and whether it is
 * a system account (one Keyholder posts to) or retired. Administrators add and edit accounts.
 */
export function ChartOfAccounts({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(accountsQuery);
  const [editing, setEditing] = useState<LedgerAccount | "new" | null>(null);
  if (query.isPending) return <Spinner label="Loading the chart of accounts" />;
  if (query.isError) return <Alert>{query.error.message}</Alert>;
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey });
  const columns: ReadOnlyColumn<LedgerAccount>[] = [
    { header: "Code", cell: (a) => a.code },
    {
      header: "Name",
      cell: (a) => (
        <span className="flex flex-wrap items-center gap-2">
          {a.name}
          {a.role ? <Badge tone="info">System</Badge> : null}
          {a.is_active ? null : <Badge tone="neutral">Retired</Badge>}
        </span>
      ),
    },
    { header: "Type", cell: (a) => ACCOUNT_TYPE_LABELS[a.type] },
    { header: "Balance", align: "right", cell: balanceText },
  ];
  if (canEdit) {
    columns.push({
      header: "Action",
      hideHeader: true,
      cell: (a) => (
        <Button variant="secondary" onPress={() => setEditing(a)}>
          Edit<span className="sr-only"> account {a.code}</span>
        </Button>
      ),
    });
  }
  return (
    <div className="flex max-w-4xl flex-col gap-3">
      {canEdit ? (
        <div>
          <Button onPress={() => setEditing("new")}>Add Account</Button>
        </div>
      ) : null}
      <ReadOnlyTable label="Chart of accounts" columns={columns} rows={query.data.accounts} rowKey={(a) => a.id} />
      {editing ? (
        <AccountDialog
          {...(editing === "new" ? {} : { account: editing })}
          onSaved={(account, created) => {
            setEditing(null);
            toast({ title: `Account ${account.code} ${account.name} ${created ? "added" : "saved"}` });
            void refresh();
          }}
          onDeleted={(account) => {
            setEditing(null);
            toast({ title: `Account ${account.code} ${account.name} deleted` });
            void refresh();
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
