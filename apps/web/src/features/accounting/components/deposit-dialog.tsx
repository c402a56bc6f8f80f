import {
  type BankAccount,
  type BankDeposit,
  createBankDepositSchema,
  type UndepositedReceipt,
} from "@keyholder/contracts/bank-accounts";
import { PAYMENT_METHOD_LABELS } from "@keyholder/contracts/lease-ledger";
import { formatCents } from "@keyholder/contracts/money";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createBankDeposit } from "../api/create-bank-deposit.ts";
import { undepositedReceiptsQuery } from "../api/get-undeposited-receipts.ts";

const receiptText = (r: UndepositedReceipt) =>
  [
    r.received_on,
    r.lease_name,
    r.property_name,
    `${PAYMENT_METHOD_LABELS[r.method]}${r.reference ? ` ${r.reference}` : ""}`,
  ]
    .filter(Boolean)
    .join(" · ");

/**
 * Record Deposit: the receipts that went to the bank together (what the statement shows as one
 * line), into one active bank account on a day. The total of those ticked shows as they are
 * ticked; one request key for the dialog's life, so a second press deposits once.
 */
export function DepositDialog({
  accounts,
  today,
  onDeposited,
  onClose,
}: {
  accounts: BankAccount[];
  today: string;
  onDeposited(deposit: BankDeposit): void;
  onClose(): void;
}) {
  const receipts = useQuery(undepositedReceiptsQuery);
  const key = useRef(crypto.randomUUID());
  const active = accounts.filter((a) => a.is_active);
  // Tenants' payments are trust money: a trust account first, when there is one.
  const [account, setAccount] = useState((active.find((a) => a.kind === "trust") ?? active[0])?.id ?? "");
  const [day, setDay] = useState(today);
  const [memo, setMemo] = useState("");
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const listed = receipts.data?.receipts ?? [];
  const total = listed.filter((r) => chosen.has(r.id)).reduce((sum, r) => sum + r.amount_cents, 0);
  const toggle = (id: string, on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () =>
      createBankDepositSchema.safeParse({
        bank_account_id: account,
        deposited_on: day,
        memo,
        payment_ids: listed.filter((r) => chosen.has(r.id)).map((r) => r.id),
        idempotency_key: key.current,
      }),
    send: async (deposit) => onDeposited(await createBankDeposit(deposit)),
    fallback: "Could not record the deposit. Please try again.",
  });
  const title = "Record Deposit";
  return (
    <Dialog id="bank-deposit-new" title={title} isOpen onClose={onClose} width="max-w-3xl">
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Bank account"
            value={account}
            onChange={setAccount}
            options={[
              { value: "", label: "Choose a bank account" },
              ...active.map((a) => ({ value: a.id, label: a.name })),
            ]}
            errors={errors.bank_account_id}
          />
          <DatePicker label="Deposit date" value={day} onChange={setDay} errors={errors.deposited_on} isRequired />
        </div>
        <TextField label="Memo" maxLength={500} value={memo} onChange={setMemo} errors={errors.memo} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">Receipts</legend>
          {receipts.isPending ? <Spinner label="Loading the receipts waiting to be deposited" /> : null}
          {receipts.isError ? <Alert>{receipts.error.message}</Alert> : null}
          {receipts.data && listed.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">No receipt is waiting to be deposited.</p>
          ) : null}
          {listed.length > 0 ? (
            <>
              <Checkbox
                isSelected={chosen.size === listed.length}
                isIndeterminate={chosen.size > 0 && chosen.size < listed.length}
                onChange={(on) => setChosen(on ? new Set(listed.map((r) => r.id)) : new Set())}
              >
                All {listed.length} listed
                {receipts.data && receipts.data.total_count > listed.length
                  ? ` (of ${receipts.data.total_count} waiting; deposit these first)`
                  : ""}
              </Checkbox>
              <ul className="flex max-h-72 flex-col gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-700">
                {listed.map((r) => (
                  <li key={r.id} className="flex items-start justify-between gap-3">
                    <Checkbox isSelected={chosen.has(r.id)} onChange={(on) => toggle(r.id, on)}>
                      {receiptText(r)}
                    </Checkbox>
                    <span className="shrink-0 text-sm tabular-nums">{formatCents(r.amount_cents)}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {errors.payment_ids ? (
            <p className="text-sm text-red-700 dark:text-red-300">{errors.payment_ids.join(" ")}</p>
          ) : null}
        </fieldset>
        <output aria-live="polite" className="text-sm font-medium">
          {chosen.size} {chosen.size === 1 ? "receipt" : "receipts"}, {formatCents(total)}
        </output>
        <ActionFormButtons busy={busy} busyLabel="Recording..." onCancel={onClose}>
          Record Deposit
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
