import type { BankAccount } from "@keyholder/contracts/bank-accounts";
import { centsToInput, formatCents, moneyMessages, parseDollars } from "@keyholder/contracts/money";
import {
  BILL_PAYMENT_METHOD_LABELS,
  BILL_PAYMENT_METHODS,
  type Bill,
  type BillPayment,
  type BillPaymentMethod,
  createBillPaymentSchema,
} from "@keyholder/contracts/payables";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import type { FieldErrors } from "../../../lib/form-errors.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createBillPayment } from "../api/create-bill-payment.ts";
import { billsQuery } from "../api/get-bills.ts";

const billText = (b: Bill) =>
  [
    b.kind === "credit" ? "Credit" : "Bill",
    b.reference ?? "",
    b.kind === "bill" ? `due ${b.due_date}` : b.bill_date,
    b.lines.map((l) => l.property?.name).filter(Boolean)[0] ?? "",
  ]
    .filter(Boolean)
    .join(" · ");

/**
 * Pay Bills: a vendor's unpaid bills and unused credits, each ticked with the amount paid (all that is
 * left, unless changed), from a bank account by check, ACH, card or otherwise. The payment's total
 * shows as they are ticked; one request key for the dialog's life.
 */
export function BillPaymentDialog({
  accounts,
  today,
  onPaid,
  onClose,
}: {
  accounts: BankAccount[];
  today: string;
  onPaid(payment: BillPayment): void;
  onClose(): void;
}) {
  const key = useRef(crypto.randomUUID());
  const active = accounts.filter((a) => a.is_active);
  const [vendor, setVendor] = useState<RelatedItem | null>(null);
  const [account, setAccount] = useState((active.find((a) => a.kind === "operating") ?? active[0])?.id ?? "");
  const [paidOn, setPaidOn] = useState(today);
  const [method, setMethod] = useState<BillPaymentMethod>("check");
  const [reference, setReference] = useState("");
  const [memo, setMemo] = useState("");
  const [amounts, setAmounts] = useState<Readonly<Record<string, string>>>({});
  const vendorId = vendor ? String(vendor.id) : undefined;
  const bills = useQuery({ ...billsQuery("unpaid", vendorId), enabled: Boolean(vendorId) });
  const listed = vendorId ? (bills.data?.bills ?? []) : [];
  const chosen = listed.filter((b) => b.id in amounts);
  const total = chosen.reduce(
    (s, b) => s + (b.kind === "credit" ? -1 : 1) * (parseDollars(amounts[b.id] ?? "") ?? 0),
    0,
  );
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const fields: FieldErrors = {};
      for (const [i, b] of chosen.entries()) {
        const cents = parseDollars(amounts[b.id] ?? "");
        if (!cents) fields[`applications.${i}.amount_cents`] = [moneyMessages.dollars];
      }
      if (Object.keys(fields).length) return { success: false, fields };
      return createBillPaymentSchema.safeParse({
        vendor_id: vendorId,
        bank_account_id: account,
        paid_on: paidOn,
        method,
        reference,
        memo,
        applications: chosen.map((b) => ({ bill_id: b.id, amount_cents: parseDollars(amounts[b.id] ?? "") })),
        idempotency_key: key.current,
      });
    },
    send: async (payment) => onPaid(await createBillPayment(payment)),
    fallback: "Could not record the payment. Please try again.",
  });
  const errorOf = (b: Bill) => errors[`applications.${chosen.indexOf(b)}.amount_cents`];
  const title = "Pay Bills";
  return (
    <Dialog id="bill-payment-new" title={title} isOpen onClose={onClose} width="max-w-3xl">
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <RecordPicker
            label="Vendor"
            source={{ list: "vendors" }}
            value={vendor}
            onChange={(v) => {
              setVendor(v);
              setAmounts({});
            }}
            errors={errors.vendor_id}
            isRequired
          />
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
          <DatePicker label="Payment date" value={paidOn} onChange={setPaidOn} errors={errors.paid_on} isRequired />
          <SelectField
            label="Method"
            value={method}
            onChange={(v) => setMethod(v as BillPaymentMethod)}
            options={BILL_PAYMENT_METHODS.map((m) => ({ value: m, label: BILL_PAYMENT_METHOD_LABELS[m] }))}
            errors={errors.method}
          />
          <TextField
            label={method === "check" ? "Check number" : "Reference"}
            maxLength={100}
            value={reference}
            onChange={setReference}
            errors={errors.reference}
            isRequired={method === "check"}
          />
          <TextField label="Memo" maxLength={500} value={memo} onChange={setMemo} errors={errors.memo} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">Bills and credits</legend>
          {!vendorId ? <p className="text-sm text-slate-600 dark:text-slate-300">Choose the vendor first.</p> : null}
          {vendorId && bills.isPending ? <Spinner label="Loading the vendor's unpaid bills" /> : null}
          {bills.isError ? <Alert>{bills.error.message}</Alert> : null}
          {vendorId && bills.data && listed.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">Nothing is owed to this vendor.</p>
          ) : null}
          {listed.length ? (
            <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-700">
              {listed.map((b) => (
                <li key={b.id} className="grid items-start gap-2 sm:grid-cols-[1fr_9rem]">
                  <Checkbox
                    isSelected={b.id in amounts}
                    onChange={(on) =>
                      setAmounts((now) => {
                        const next = { ...now };
                        if (on) next[b.id] = centsToInput(b.open_cents);
                        else delete next[b.id];
                        return next;
                      })
                    }
                  >
                    {billText(b)} · {formatCents(b.open_cents)} {b.kind === "credit" ? "unused" : "left"}
                  </Checkbox>
                  {b.id in amounts ? (
                    <TextField
                      label={`${b.kind === "credit" ? "Credit used" : "Paid"}: ${b.reference ?? billText(b)}`}
                      inputMode="decimal"
                      value={amounts[b.id] ?? ""}
                      onChange={(v) => setAmounts((now) => ({ ...now, [b.id]: v }))}
                      errors={errorOf(b)}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {errors.applications ? (
            <p className="text-sm text-red-700 dark:text-red-300">{errors.applications.join(" ")}</p>
          ) : null}
        </fieldset>
        <output aria-live="polite" className="text-sm font-medium">
          Payment {formatCents(total)}
        </output>
        <ActionFormButtons busy={busy} busyLabel="Recording..." onCancel={onClose}>
          Record Payment
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
