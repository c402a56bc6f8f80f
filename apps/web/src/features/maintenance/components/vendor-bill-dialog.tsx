import { todayIn } from "@keyholder/contracts/civil-date";
import type { MaintenanceRow } from "@keyholder/contracts/maintenance";
import type { CostLineRow } from "@keyholder/contracts/maintenance-costs";
import { formatCents } from "@keyholder/contracts/money";
import { type Bill, createBillSchema } from "@keyholder/contracts/payables";
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
import { TextField } from "../../../components/ui/text-field.tsx";
import { accountsQuery } from "../../../lib/ledger-accounts.ts";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createVendorBill } from "../api/create-vendor-bill.ts";

/** Where a repair's cost goes unless the person chooses another expense account. */
const REPAIRS_CODE = "5400";

/**
 * Enter Vendor Bill from a request's costs (decision 043): the vendor's invoice for the work, its
 * lines the request's costs not billed yet (all ticked), on one expense account of the request's
 * property and unit, posted to accounts payable when entered. Each cost is billed once; one request
 * key for the dialog's life, so a second press enters it once.
 */
export function VendorBillDialog({
  request,
  lines,
  onEntered,
  onClose,
}: {
  request: MaintenanceRow;
  lines: CostLineRow[];
  onEntered(bill: Bill): void;
  onClose(): void;
}) {
  const key = useRef(crypto.randomUUID());
  const settings = useQuery(organizationSettingsQuery);
  const accounts = useQuery(accountsQuery);
  const expenses = (accounts.data?.accounts ?? []).filter((a) => a.is_active && a.type === "expense");
  const [vendor, setVendor] = useState<RelatedItem | null>(
    request.vendor_id && request.vendor_name ? { id: request.vendor_id, value: request.vendor_name } : null,
  );
  const [reference, setReference] = useState("");
  const [billDate, setBillDate] = useState<string | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(lines.map((l) => l.id)));
  const today = settings.data ? todayIn(settings.data.time_zone) : "";
  const day = billDate ?? today;
  const accountId = account ?? String(expenses.find((a) => a.code === REPAIRS_CODE)?.id ?? expenses[0]?.id ?? "");
  const picked = lines.filter((l) => chosen.has(l.id));
  const total = picked.reduce((sum, l) => sum + l.amount_cents, 0);
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      if (picked.length === 0) return { success: false, fields: { lines: ["Choose the costs this bill is for"] } };
      return createBillSchema.safeParse({
        kind: "bill",
        vendor_id: vendor ? String(vendor.id) : undefined,
        bill_date: day,
        reference,
        memo: `Request #${request.request_no}: ${request.title}`,
        maintenance_request_id: request.id,
        lines: picked.map((l) => ({
          account_id: Number(accountId) || undefined,
          property_id: request.property_id,
          unit_id: request.unit_id,
          description: l.description,
          amount_cents: l.amount_cents,
          maintenance_cost_id: l.id,
        })),
        idempotency_key: key.current,
      });
    },
    send: async (bill) => onEntered(await createVendorBill(bill)),
    fallback: "Could not enter the bill. Please try again.",
  });
  const title = `Enter Vendor Bill: Request #${request.request_no}`;
  const toggle = (id: string, on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Dialog id="vendor-bill" title={title} isOpen onClose={onClose} width="max-w-2xl">
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <RecordPicker
            label="Vendor"
            source={{ list: "vendors" }}
            value={vendor}
            onChange={setVendor}
            errors={errors.vendor_id}
            isRequired
          />
          <TextField
            label="Vendor's invoice number"
            value={reference}
            onChange={setReference}
            errors={errors.reference}
          />
          {today ? (
            <DatePicker label="Bill date" value={day} onChange={setBillDate} errors={errors.bill_date} isRequired />
          ) : null}
          <SelectField
            label="Expense account"
            value={accountId}
            onChange={setAccount}
            options={expenses.map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` }))}
            errors={errors["lines.0.account_id"]}
          />
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">Costs billed</legend>
          {lines.map((l) => (
            <Checkbox key={l.id} isSelected={chosen.has(l.id)} onChange={(on) => toggle(l.id, on)}>
              {l.description}: {formatCents(l.amount_cents)}
            </Checkbox>
          ))}
          {errors.lines ? <p className="text-sm text-red-700 dark:text-red-300">{errors.lines.join(" ")}</p> : null}
        </fieldset>
        <p role="status" aria-label="Bill total" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          Total {formatCents(total)}
        </p>
        <ActionFormButtons busy={busy} busyLabel="Entering..." onCancel={onClose}>
          Enter Bill {formatCents(total)}
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
