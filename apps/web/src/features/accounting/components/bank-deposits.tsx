import type { BankAccount, BankDeposit } from "@keyholder/contracts/bank-accounts";
import { todayIn } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import { bankAccountsQuery } from "../api/get-bank-accounts.ts";
import { bankDepositsQuery } from "../api/get-bank-deposits.ts";
import { undepositedReceiptsQuery } from "../api/get-undeposited-receipts.ts";
import { voidBankDeposit } from "../api/void-bank-deposit.ts";
import { DepositDialog } from "./deposit-dialog.tsx";

const columns: ReadOnlyColumn<BankDeposit>[] = [
  { header: "Date", cell: (d) => d.deposited_on },
  { header: "Bank account", cell: (d) => d.bank_account.name },
  { header: "Receipts", align: "right", cell: (d) => d.receipts },
  { header: "Total", align: "right", cell: (d) => formatCents(d.total_cents) },
  {
    header: "Memo",
    cell: (d) => (
      <span className="flex flex-wrap items-center gap-2">
        {d.memo}
        {d.voided_at ? <Badge tone="neutral">Voided</Badge> : null}
      </span>
    ),
  },
];

/**
 * The latest bank deposits, and Record Deposit and Void for those who post to the books: what waits
 * in Undeposited Funds (how many, how much) said above them.
 */
export function BankDeposits({ accounts, canPost }: { accounts: BankAccount[]; canPost: boolean }) {
  const queryClient = useQueryClient();
  const settings = useQuery(organizationSettingsQuery);
  const deposits = useQuery(bankDepositsQuery);
  const waiting = useQuery(undepositedReceiptsQuery);
  const [recording, setRecording] = useState(false);
  const [voiding, setVoiding] = useState<BankDeposit | null>(null);
  const refresh = () => {
    for (const { queryKey } of [bankDepositsQuery, undepositedReceiptsQuery, bankAccountsQuery]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
  const voidDeposit = useMutation({
    mutationFn: (deposit: BankDeposit) => voidBankDeposit(deposit.id),
    onSuccess: (deposit) => {
      setVoiding(null);
      toast({
        title: `Deposit of ${formatCents(deposit.total_cents)} into ${deposit.bank_account.name} voided: its receipts are back in Undeposited Funds`,
      });
      refresh();
    },
    onError: (err) => {
      setVoiding(null);
      toast({ title: err.message, tone: "error" });
    },
  });
  const deposited = (deposit: BankDeposit) => {
    setRecording(false);
    toast({
      title: `Deposit of ${formatCents(deposit.total_cents)} into ${deposit.bank_account.name} recorded (${deposit.receipts} ${deposit.receipts === 1 ? "receipt" : "receipts"})`,
    });
    refresh();
  };
  const anyActive = accounts.some((a) => a.is_active);
  return (
    <div className="flex max-w-5xl flex-col gap-3">
      {waiting.data ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {waiting.data.total_count === 0
            ? "Nothing is waiting in Undeposited Funds."
            : `${waiting.data.total_count} ${waiting.data.total_count === 1 ? "receipt" : "receipts"} (${formatCents(waiting.data.total_cents)}) waiting in Undeposited Funds.`}
        </p>
      ) : null}
      {canPost && anyActive && settings.data ? (
        <div>
          <Button onPress={() => setRecording(true)}>Record Deposit</Button>
        </div>
      ) : null}
      {deposits.isPending ? <Spinner label="Loading bank deposits" /> : null}
      {deposits.isError ? <Alert>{deposits.error.message}</Alert> : null}
      {deposits.data ? (
        <ReadOnlyTable
          label="Bank deposits"
          columns={
            canPost
              ? [
                  ...columns,
                  {
                    header: "Action",
                    hideHeader: true,
                    cell: (d) =>
                      d.voided_at ? null : (
                        <Button variant="secondary" onPress={() => setVoiding(d)}>
                          Void
                          <span className="sr-only">
                            {" "}
                            the deposit of {d.deposited_on}, {formatCents(d.total_cents)}
                          </span>
                        </Button>
                      ),
                  },
                ]
              : columns
          }
          rows={deposits.data.deposits}
          rowKey={(d) => d.id}
          empty="No deposit recorded yet."
        />
      ) : null}
      <ConfirmDialog
        isOpen={voiding !== null}
        title="Void this deposit?"
        message={
          voiding
            ? `Its entry is reversed on ${voiding.deposited_on} and its ${voiding.receipts} ${voiding.receipts === 1 ? "receipt goes" : "receipts go"} back to Undeposited Funds, to be deposited again.`
            : ""
        }
        confirmLabel="Void Deposit"
        isPending={voidDeposit.isPending}
        onConfirm={() => voiding && voidDeposit.mutate(voiding)}
        onCancel={() => setVoiding(null)}
      />
      {recording && settings.data ? (
        <DepositDialog
          accounts={accounts}
          today={todayIn(settings.data.time_zone)}
          onDeposited={deposited}
          onClose={() => setRecording(false)}
        />
      ) : null}
    </div>
  );
}
