import { moneyMessages, parseDollars } from "@keyholder/contracts/money";
import {
  createManagementAgreementSchema,
  FEE_BASES,
  type FeeBasis,
  feeBasisLabels,
  type ManagementAgreement,
  parseShare,
} from "@keyholder/contracts/owners";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import type { FieldErrors } from "../../../lib/form-errors.ts";
import { accountsQuery } from "../../../lib/ledger-accounts.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createAgreement } from "../api/create-agreement.ts";

/** Rents are what a management fee is usually a percent of. */
const RENT_ROLES = new Set(["rent_income", "parking_income", "pet_rent_income"]);

/** Dollars typed, or nothing for zero; null when not an amount. */
const dollarsOrZero = (text: string) => (text.trim() ? parseDollars(text) : 0);

/**
 * Add Agreement: how the organization is paid for managing a property from a day: a percent of
 * the income collected (or charged) on chosen accounts (rents ticked to begin with), a flat amount per unit, a minimum,
 * and the reserve kept in the property's trust cash.
 */
export function AgreementDialog({
  today,
  onSaved,
  onClose,
}: {
  today: string;
  onSaved(agreement: ManagementAgreement): void;
  onClose(): void;
}) {
  const accounts = useQuery(accountsQuery);
  const income = (accounts.data?.accounts ?? []).filter((a) => a.type === "income" && a.is_active);
  const [property, setProperty] = useState<RelatedItem | null>(null);
  const [startsOn, setStartsOn] = useState(today);
  const [percent, setPercent] = useState("");
  const [chosen, setChosen] = useState<ReadonlySet<number> | null>(null);
  const feeAccounts = chosen ?? new Set(income.filter((a) => a.role && RENT_ROLES.has(a.role)).map((a) => a.id));
  const [basis, setBasis] = useState<FeeBasis>("collected");
  const [perUnit, setPerUnit] = useState("");
  const [minimum, setMinimum] = useState("");
  const [reserve, setReserve] = useState("");
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const fields: FieldErrors = {};
      const bp = percent.trim() ? parseShare(percent) : 0;
      if (bp === null) fields.fee_percent_bp = ["Enter a percent like 8 or 7.5"];
      const money = { flat_per_unit_cents: perUnit, minimum_cents: minimum, reserve_cents: reserve };
      for (const [field, text] of Object.entries(money)) {
        if (dollarsOrZero(text) === null) fields[field] = [moneyMessages.dollars];
      }
      if (!property) fields.property_id = ["Choose the property"];
      if (Object.keys(fields).length) return { success: false, fields };
      return createManagementAgreementSchema.safeParse({
        property_id: String(property?.id),
        starts_on: startsOn,
        fee_percent_bp: bp,
        fee_account_ids: bp ? [...feeAccounts] : [],
        fee_basis: basis,
        flat_per_unit_cents: dollarsOrZero(perUnit),
        minimum_cents: dollarsOrZero(minimum),
        reserve_cents: dollarsOrZero(reserve),
      });
    },
    send: async (input) => onSaved(await createAgreement(input)),
    fallback: "Could not add the agreement. Please try again.",
  });
  const title = "Add Management Agreement";
  return (
    <Dialog id="agreement-new" title={title} isOpen onClose={onClose} width="max-w-3xl">
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <RecordPicker
            label="Property"
            source={{ list: "properties" }}
            value={property}
            onChange={setProperty}
            errors={errors.property_id}
            isRequired
          />
          <DatePicker label="From" value={startsOn} onChange={setStartsOn} errors={errors.starts_on} isRequired />
          <TextField
            label="Fee percent"
            inputMode="decimal"
            value={percent}
            onChange={setPercent}
            errors={errors.fee_percent_bp}
          />
          <SelectField
            label="Percent of"
            value={basis}
            onChange={(v) => setBasis(v as FeeBasis)}
            options={FEE_BASES.map((b) => ({ value: b, label: feeBasisLabels[b] }))}
            description={
              basis === "collected"
                ? "What tenants paid in the month, on the accounts below."
                : "All charged in the month, paid or not."
            }
            errors={errors.fee_basis}
          />
          <TextField
            label="Per unit each month"
            inputMode="decimal"
            value={perUnit}
            onChange={setPerUnit}
            errors={errors.flat_per_unit_cents}
          />
          <TextField
            label="Minimum fee"
            inputMode="decimal"
            value={minimum}
            onChange={setMinimum}
            errors={errors.minimum_cents}
          />
          <TextField
            label="Reserve kept in trust"
            inputMode="decimal"
            value={reserve}
            onChange={setReserve}
            errors={errors.reserve_cents}
            description="Never paid out to the owners."
          />
        </div>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">On these accounts</legend>
          {income.map((a) => (
            <Checkbox
              key={a.id}
              isSelected={feeAccounts.has(a.id)}
              onChange={(on) => {
                const next = new Set(feeAccounts);
                if (on) next.add(a.id);
                else next.delete(a.id);
                setChosen(next);
              }}
            >
              {a.code} {a.name}
            </Checkbox>
          ))}
          {errors.fee_account_ids ? (
            <p className="text-sm text-red-700 dark:text-red-300">{errors.fee_account_ids.join(" ")}</p>
          ) : null}
        </fieldset>
        <ActionFormButtons busy={busy} busyLabel="Adding..." onCancel={onClose}>
          Add Agreement
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
