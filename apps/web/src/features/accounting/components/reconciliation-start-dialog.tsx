import type { BankAccount } from "@keyholder/contracts/bank-accounts";
import { moneyProblem, parseDollars } from "@keyholder/contracts/money";
import { createReconciliationSchema, type ReconciliationDetail } from "@keyholder/contracts/reconciliations";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createReconciliation } from "../api/create-reconciliation.ts";

/**
 * Reconcile: the statement's end date and ending balance, as printed on it. The reconciliation
 * then opens with the books' items up to that day ticked.
 */
export function ReconciliationStartDialog({
  account,
  suggestedEnd,
  onStarted,
  onClose,
}: {
  account: BankAccount;
  suggestedEnd: string;
  onStarted(detail: ReconciliationDetail): void;
  onClose(): void;
}) {
  const [endDate, setEndDate] = useState(suggestedEnd);
  const [balance, setBalance] = useState("");
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const cents = parseDollars(balance, { negative: true });
      if (cents === null) {
        return {
          success: false,
          fields: { statement_balance_cents: [moneyProblem(balance)] },
        };
      }
      return createReconciliationSchema.safeParse({
        bank_account_id: account.id,
        statement_end_date: endDate,
        statement_balance_cents: cents,
      });
    },
    send: async (input) => onStarted(await createReconciliation(input)),
    fallback: "Could not start the reconciliation. Please try again.",
  });
  const title = `Reconcile ${account.name}`;
  return (
    <Dialog id="reconciliation-new" title={title} isOpen onClose={onClose}>
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Enter the end date and ending balance printed on the bank statement.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <DatePicker
            label="Statement end date"
            value={endDate}
            onChange={setEndDate}
            errors={errors.statement_end_date}
            isRequired
          />
          <TextField
            label="Statement ending balance"
            inputMode="decimal"
            value={balance}
            onChange={setBalance}
            errors={errors.statement_balance_cents}
            isRequired
          />
        </div>
        {errors.bank_account_id ? <Alert>{errors.bank_account_id.join(" ")}</Alert> : null}
        <ActionFormButtons busy={busy} busyLabel="Starting..." onCancel={onClose}>
          Start Reconciliation
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
