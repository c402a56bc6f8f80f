import type { BankAccount } from "@keyholder/contracts/bank-accounts";
import { addDays, monthStart } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import { RECONCILIATION_STATUS_LABELS, type Reconciliation } from "@keyholder/contracts/reconciliations";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { RECONCILIATIONS_QUERY_KEY, reconciliationQuery, reconciliationsQuery } from "../api/get-reconciliations.ts";
import { ReconciliationStartDialog } from "./reconciliation-start-dialog.tsx";
import { ReconciliationView } from "./reconciliation-view.tsx";

/**
 * A bank account's reconciliations: the one in progress to go on with, the completed ones to read,
 * and Reconcile for the next statement (for those who post to the books).
 */
export function Reconciliations({
  accounts,
  canPost,
  today,
}: {
  accounts: BankAccount[];
  canPost: boolean;
  today: string;
}) {
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState(accounts.find((a) => a.is_active)?.id ?? accounts[0]?.id ?? "");
  const [openId, setOpenId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const account = accounts.find((a) => a.id === accountId);
  const list = useQuery({ ...reconciliationsQuery(accountId), enabled: Boolean(account) });
  if (!account) return null;
  if (openId) return <ReconciliationView id={openId} canPost={canPost} onClose={() => setOpenId(null)} />;
  const rows = list.data?.reconciliations ?? [];
  const inProgress = rows.find((r) => r.status === "in_progress");
  const columns: ReadOnlyColumn<Reconciliation>[] = [
    { header: "Statement end", cell: (r) => r.statement_end_date },
    { header: "Statement balance", align: "right", cell: (r) => formatCents(r.statement_balance_cents) },
    { header: "Difference", align: "right", cell: (r) => formatCents(r.difference_cents) },
    {
      header: "Status",
      cell: (r) => (
        <Badge tone={r.status === "completed" ? "positive" : "info"}>{RECONCILIATION_STATUS_LABELS[r.status]}</Badge>
      ),
    },
    {
      header: "Completed",
      cell: (r) =>
        r.completed_at
          ? `${new Date(r.completed_at).toLocaleDateString()}${r.completed_by ? ` by ${r.completed_by}` : ""}`
          : "",
    },
    {
      header: "Action",
      hideHeader: true,
      cell: (r) => (
        <Button variant="secondary" onPress={() => setOpenId(r.id)}>
          {r.status === "in_progress" && canPost ? "Continue" : "View"}
          <span className="sr-only"> the reconciliation to {r.statement_end_date}</span>
        </Button>
      ),
    },
  ];
  // Statements most often end on a month's last day: the last one before today.
  const lastMonthEnd = addDays(monthStart(today), -1);
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
        {canPost && account.is_active && list.data && !inProgress ? (
          <Button onPress={() => setStarting(true)}>Reconcile</Button>
        ) : null}
      </div>
      {list.isPending ? <Spinner label="Loading reconciliations" /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data ? (
        <ReadOnlyTable
          label="Reconciliations"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          empty={`${account.name} has not been reconciled yet.`}
        />
      ) : null}
      {starting ? (
        <ReconciliationStartDialog
          account={account}
          suggestedEnd={lastMonthEnd}
          onStarted={(detail) => {
            setStarting(false);
            queryClient.setQueryData(reconciliationQuery(detail.reconciliation.id).queryKey, detail);
            void queryClient.invalidateQueries({ queryKey: [RECONCILIATIONS_QUERY_KEY, account.id] });
            setOpenId(detail.reconciliation.id);
          }}
          onClose={() => setStarting(false)}
        />
      ) : null}
    </div>
  );
}
