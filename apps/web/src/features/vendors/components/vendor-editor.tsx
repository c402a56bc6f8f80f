import {
  maskedTaxpayerId,
  TAX_CLASSIFICATION_LABELS,
  TAX_CLASSIFICATIONS,
  type TaxClassification,
  VENDOR_TRADE_LABELS,
  VENDOR_TRADES,
  type VendorRow,
  vendorFormSchema,
  vendorMessages,
} from "@keyholder/contracts/vendors";
import { useQuery } from "@tanstack/react-query";
import { useRecordSave } from "../../../components/data-table/use-record-save.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { errorClass } from "../../../components/ui/field-styles.ts";
import { PhoneField } from "../../../components/ui/phone-field.tsx";
import { type RecordEditorProps, RecordFormActions } from "../../../components/ui/record-form.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { expenseAccountsKey, getExpenseAccounts } from "../api/get-expense-accounts.ts";
import { saveVendor } from "../api/save-vendor.ts";
import { vendorInput, vendorValues } from "./vendor-values.ts";

const legendClass = "mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200";
const classificationOptions = [
  { value: "", label: "Not given" },
  ...TAX_CLASSIFICATIONS.map((c) => ({ value: c, label: TAX_CLASSIFICATION_LABELS[c] })),
];

/**
 * Add and edit of a vendor: name and trades, contact and address, the 1099 details (the taxpayer
 * id is write-only: left empty on an edit, the stored one stays), insurance and the default expense
 * account; checked here and on the server with the same contract.
 */
export function VendorEditor({ mode, row, onSaved, onCancel }: RecordEditorProps<VendorRow>) {
  const { form, failure, saving, submit } = useRecordSave({
    initialValues: vendorValues(row),
    schema: vendorFormSchema,
    toInput: vendorInput,
    save: async (data) => {
      const saved = await saveVendor(data, row?.id);
      return { id: saved.id, name: saved.name };
    },
    fallback: mode === "add" ? vendorMessages.createFailed : vendorMessages.saveFailed,
    onSaved,
  });
  const v = form.values;
  const accounts = useQuery({ queryKey: expenseAccountsKey, queryFn: getExpenseAccounts });
  const accountOptions = [
    { value: "", label: "None" },
    ...(accounts.data ?? []).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` })),
  ];
  // The stored account stays listed while the list loads (or if it can no longer be chosen).
  if (
    row?.default_expense_account_id &&
    !accountOptions.some((o) => o.value === String(row.default_expense_account_id))
  )
    accountOptions.push({
      value: String(row.default_expense_account_id),
      label: row.default_expense_account_name ?? String(row.default_expense_account_id),
    });
  const tradeErrors = form.field("trades").errors;
  const storedId = row?.taxpayer_id_last4 ? maskedTaxpayerId(row.taxpayer_id_last4) : null;

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {failure ? <Alert>{failure}</Alert> : null}
      <TextField label="Name" isRequired autoFocus autoComplete="off" {...form.field("name")} />
      <fieldset aria-describedby={tradeErrors ? "vendor-trades-error" : undefined}>
        <legend className={legendClass}>Trades</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {VENDOR_TRADES.map((trade) => (
            <Checkbox
              key={trade}
              isSelected={v.trades.includes(trade)}
              onChange={(on) =>
                form.setValue(
                  "trades",
                  on
                    ? VENDOR_TRADES.filter((t) => t === trade || v.trades.includes(t))
                    : v.trades.filter((t) => t !== trade),
                )
              }
            >
              {VENDOR_TRADE_LABELS[trade]}
            </Checkbox>
          ))}
        </div>
        {tradeErrors ? (
          <p id="vendor-trades-error" className={errorClass}>
            {tradeErrors[0]}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className={legendClass}>Contact</legend>
        <TextField label="Contact Name" autoComplete="off" {...form.field("contact_name")} />
        <TextField label="Email" type="email" autoComplete="off" {...form.field("email")} />
        <PhoneField label="Phone" autoComplete="off" {...form.field("phone")} />
        <PhoneField label="Alternate Phone" autoComplete="off" {...form.field("alternate_phone")} />
        <TextField label="Address Line 1" autoComplete="off" {...form.field("address_line_1")} />
        <TextField label="Address Line 2" autoComplete="off" {...form.field("address_line_2")} />
        <TextField label="City" autoComplete="off" {...form.field("city")} />
        <div className="grid grid-cols-2 gap-4">
          <TextField label="State" autoComplete="off" placeholder="TX" {...form.field("state_code")} />
          <TextField label="ZIP Code" autoComplete="off" {...form.field("zipcode")} />
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className={legendClass}>Tax (1099)</legend>
        <TextField label="Legal Name" autoComplete="off" {...form.field("legal_name")} />
        <SelectField
          label="Tax Classification"
          options={classificationOptions}
          {...form.field("tax_classification")}
          onChange={(value) => form.setValue("tax_classification", value as TaxClassification | "")}
        />
        <div className="flex flex-col gap-2">
          <TextField
            label="Taxpayer ID (EIN or SSN)"
            autoComplete="off"
            placeholder={storedId ? "Leave empty to keep the stored one" : "12-3456789"}
            description={
              storedId
                ? `On file: ${storedId}. Kept encrypted; shown by its last four digits only.`
                : "Kept encrypted; shown by its last four digits only."
            }
            isDisabled={v.clear_taxpayer_id}
            {...form.field("taxpayer_id")}
          />
          {storedId ? (
            <Checkbox isSelected={v.clear_taxpayer_id} onChange={(on) => form.setValue("clear_taxpayer_id", on)}>
              Remove the taxpayer ID on file
            </Checkbox>
          ) : null}
        </div>
        <div className="flex items-end pb-2">
          <Checkbox isSelected={v.eligible_1099} onChange={(on) => form.setValue("eligible_1099", on)}>
            Gets a 1099
          </Checkbox>
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className={legendClass}>Insurance</legend>
        <TextField label="Insurance Provider" autoComplete="off" {...form.field("insurance_provider")} />
        <TextField label="Policy Number" autoComplete="off" {...form.field("insurance_policy_number")} />
        <DatePicker label="Insurance Expires" {...form.field("insurance_expires_on")} />
      </fieldset>
      <SelectField
        label="Default Expense Account"
        options={accountOptions}
        description="Where this vendor's bills are posted unless a bill says otherwise."
        {...form.field("default_expense_account_id")}
      />
      <TextField label="Notes" rows={3} {...form.field("notes")} />
      <RecordFormActions mode={mode} saving={saving} onCancel={onCancel} />
    </form>
  );
}
