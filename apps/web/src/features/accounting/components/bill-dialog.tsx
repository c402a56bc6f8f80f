import { formatCents, moneyProblem, parseDollars } from "@keyholder/contracts/money";
import {
  BILL_KIND_LABELS,
  BILL_KINDS,
  type Bill,
  type BillKind,
  createBillSchema,
} from "@keyholder/contracts/payables";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import type { FieldErrors } from "../../../lib/form-errors.ts";
import { accountsQuery } from "../../../lib/ledger-accounts.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createBill } from "../api/create-bill.ts";

interface DraftLine {
  key: string;
  account: string;
  property: RelatedItem | null;
  description: string;
  amount: string;
}

const newLine = (account = ""): DraftLine => ({
  key: crypto.randomUUID(),
  account,
  property: null,
  description: "",
  amount: "",
});

/**
 * Enter Bill: a vendor's bill (or a credit they gave) as it reads, line by line: the expense account,
 * whose property it is, what and how much, the total as it is typed. Posted when entered; one
 * request key for the dialog's life, so a second press enters it once.
 */
export function BillDialog({
  today,
  onEntered,
  onClose,
}: {
  today: string;
  onEntered(bill: Bill): void;
  onClose(): void;
}) {
  const key = useRef(crypto.randomUUID());
  const accounts = useQuery(accountsQuery);
  const choices = (accounts.data?.accounts ?? []).filter(
    (a) => a.is_active && (a.type === "expense" || (a.type === "asset" && a.role === null)),
  );
  const [kind, setKind] = useState<BillKind>("bill");
  const [vendor, setVendor] = useState<RelatedItem | null>(null);
  const [billDate, setBillDate] = useState(today);
  const [dueDate, setDueDate] = useState("");
  const [reference, setReference] = useState("");
  const [memo, setMemo] = useState("");
  const [lines, setLines] = useState<DraftLine[]>([newLine()]);
  const change = (key: string, patch: Partial<DraftLine>) =>
    setLines((now) => now.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const total = lines.reduce((s, l) => s + (parseDollars(l.amount) ?? 0), 0);
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const fields: FieldErrors = {};
      for (const [i, l] of lines.entries()) {
        if (parseDollars(l.amount) === null || parseDollars(l.amount) === 0) {
          fields[`lines.${i}.amount_cents`] = [moneyProblem(l.amount)];
        }
      }
      if (Object.keys(fields).length) return { success: false, fields };
      return createBillSchema.safeParse({
        kind,
        vendor_id: vendor ? String(vendor.id) : undefined,
        bill_date: billDate,
        due_date: dueDate || null,
        reference,
        memo,
        lines: lines.map((l) => ({
          account_id: Number(l.account) || undefined,
          property_id: l.property ? String(l.property.id) : null,
          description: l.description,
          amount_cents: parseDollars(l.amount),
        })),
        idempotency_key: key.current,
      });
    },
    send: async (bill) => onEntered(await createBill(bill)),
    fallback: "Could not enter the bill. Please try again.",
  });
  const title = kind === "bill" ? "Enter Bill" : "Enter Vendor Credit";
  return (
    <Dialog id="bill-new" title={title} isOpen onClose={onClose} width="max-w-4xl">
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Kind"
            value={kind}
            onChange={(v) => setKind(v as BillKind)}
            options={BILL_KINDS.map((k) => ({ value: k, label: BILL_KIND_LABELS[k] }))}
          />
          <RecordPicker
            label="Vendor"
            source={{ list: "vendors" }}
            value={vendor}
            onChange={setVendor}
            errors={errors.vendor_id}
            isRequired
          />
          <DatePicker
            label={kind === "bill" ? "Bill date" : "Credit date"}
            value={billDate}
            onChange={setBillDate}
            errors={errors.bill_date}
            isRequired
          />
          {kind === "bill" ? (
            <DatePicker
              label="Due date"
              value={dueDate}
              onChange={setDueDate}
              errors={errors.due_date}
              description="Left empty: 30 days after the bill's date."
            />
          ) : null}
          <TextField
            label={kind === "bill" ? "Vendor's invoice number" : "Credit memo number"}
            maxLength={100}
            value={reference}
            onChange={setReference}
            errors={errors.reference}
          />
          <TextField label="Memo" maxLength={500} value={memo} onChange={setMemo} errors={errors.memo} />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">Lines</legend>
          {errors.lines ? <p className="text-sm text-red-700 dark:text-red-300">{errors.lines.join(" ")}</p> : null}
          {lines.map((l, i) => (
            <div
              key={l.key}
              className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_1fr_1fr_8rem_auto] dark:border-slate-700"
            >
              <SelectField
                label={`Line ${i + 1} account`}
                value={l.account}
                onChange={(v) => change(l.key, { account: v })}
                options={[
                  { value: "", label: "Choose an account" },
                  ...choices.map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` })),
                ]}
                errors={errors[`lines.${i}.account_id`]}
              />
              <RecordPicker
                label={`Line ${i + 1} property`}
                source={{ list: "properties" }}
                value={l.property}
                onChange={(property) => change(l.key, { property })}
                placeholder="None: the company's own"
                errors={errors[`lines.${i}.property_id`]}
              />
              <TextField
                label={`Line ${i + 1} description`}
                maxLength={500}
                value={l.description}
                onChange={(description) => change(l.key, { description })}
              />
              <TextField
                label={`Line ${i + 1} amount`}
                inputMode="decimal"
                value={l.amount}
                onChange={(amount) => change(l.key, { amount })}
                errors={errors[`lines.${i}.amount_cents`]}
              />
              <div className="flex items-end">
                <Button
                  variant="secondary"
                  isDisabled={lines.length === 1}
                  onPress={() => setLines((now) => now.filter((x) => x.key !== l.key))}
                >
                  Remove<span className="sr-only"> line {i + 1}</span>
                </Button>
              </div>
            </div>
          ))}
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onPress={() => setLines((now) => [...now, newLine(now.at(-1)?.account)])}>
              Add Line
            </Button>
            <output aria-live="polite" className="text-sm font-medium">
              Total {formatCents(total)}
            </output>
          </div>
        </fieldset>
        <ActionFormButtons busy={busy} busyLabel="Entering..." onCancel={onClose}>
          {title}
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
