import { type BankAccount, createBankTransferSchema } from "@keyholder/contracts/bank-accounts";
import type { JournalEntry } from "@keyholder/contracts/ledger";
import { moneyProblem, parseDollars } from "@keyholder/contracts/money";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useRef, useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createBankTransfer } from "../api/create-bank-transfer.ts";

/**
 * Transfer: money moved from one active bank account to another on a day, of a property when it is
 * that property's money (a trust account's cash is kept per property). One request key for the
 * dialog's life, so a second press posts once.
 */
export function TransferDialog({
  accounts,
  today,
  onTransferred,
  onClose,
}: {
  accounts: BankAccount[];
  today: string;
  onTransferred(entry: JournalEntry): void;
  onClose(): void;
}) {
  const key = useRef(crypto.randomUUID());
  const active = accounts.filter((a) => a.is_active);
  const [from, setFrom] = useState(active[0]?.id ?? "");
  const [to, setTo] = useState(active[1]?.id ?? "");
  const [amount, setAmount] = useState("");
  const [day, setDay] = useState(today);
  const [property, setProperty] = useState<RelatedItem | null>(null);
  const [memo, setMemo] = useState("");
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const cents = parseDollars(amount);
      if (cents === null) {
        return {
          success: false,
          fields: { amount_cents: [moneyProblem(amount)] },
        };
      }
      return createBankTransferSchema.safeParse({
        from_bank_account_id: from,
        to_bank_account_id: to,
        amount_cents: cents,
        transferred_on: day,
        property_id: property?.id ?? null,
        memo,
        idempotency_key: key.current,
      });
    },
    send: async (transfer) => onTransferred(await createBankTransfer(transfer)),
    fallback: "Could not record the transfer. Please try again.",
  });
  const options = [
    { value: "", label: "Choose a bank account" },
    ...active.map((a) => ({ value: a.id, label: a.name })),
  ];
  const title = "Transfer Between Accounts";
  return (
    <Dialog id="bank-transfer-new" title={title} isOpen onClose={onClose}>
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="From"
            value={from}
            onChange={setFrom}
            options={options}
            errors={errors.from_bank_account_id}
          />
          <SelectField label="To" value={to} onChange={setTo} options={options} errors={errors.to_bank_account_id} />
          <TextField
            label="Amount"
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            errors={errors.amount_cents}
            isRequired
          />
          <DatePicker label="Date" value={day} onChange={setDay} errors={errors.transferred_on} isRequired />
        </div>
        <RecordPicker
          label="Property"
          source={{ list: "properties" }}
          value={property}
          onChange={setProperty}
          placeholder="None: the company's own money"
          description="Whose money it is, when it is a property's (trust and escrow cash are kept per property)."
          errors={errors.property_id}
        />
        <TextField label="Memo" maxLength={500} value={memo} onChange={setMemo} errors={errors.memo} />
        <ActionFormButtons busy={busy} busyLabel="Recording..." onCancel={onClose}>
          Record Transfer
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
