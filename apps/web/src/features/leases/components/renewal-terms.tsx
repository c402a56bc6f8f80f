import {
  RENT_CHANGE_LABELS,
  RENT_CHANGES,
  type RentChangeType,
  renewalRentCents,
} from "@keyholder/contracts/lease-lifecycle";
import { formatCents, parseDollars } from "@keyholder/contracts/money";
import { useState } from "react";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";

/** The new term and rent of a renewal offer, as typed: shared by one lease's offer and the bulk dialog. */
export function useRenewalTerms() {
  const [term, setTerm] = useState<"fixed" | "month_to_month">("fixed");
  const [months, setMonths] = useState("12");
  const [change, setChange] = useState<RentChangeType>("percent");
  const [value, setValue] = useState("3");

  /** The request's fields: dollars read to cents exactly; what does not read goes as typed, for the contract's message. */
  const body = () => ({
    term,
    months: term === "fixed" ? (/^\d+$/.test(months.trim()) ? Number(months) : months) : null,
    rent_change:
      change === "percent"
        ? { type: "percent" as const, percent: value }
        : change === "fixed_increase"
          ? { type: "fixed_increase" as const, amount_cents: parseDollars(value) ?? value }
          : { type: "amount" as const, rent_cents: parseDollars(value) ?? value },
  });

  /** The new rent from a current rent, as the server computes it, or null while the value does not read. */
  const newRent = (currentCents: number) => {
    if (change === "percent")
      return /^\d{1,3}(\.\d{1,4})?$/.test(value.trim())
        ? renewalRentCents(currentCents, { type: "percent", percent: value.trim() })
        : null;
    const cents = parseDollars(value);
    if (cents === null) return null;
    return change === "fixed_increase" ? currentCents + cents : cents;
  };

  const fields = (errors: Record<string, string[]>) => (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="New Term"
        value={term}
        onChange={(v) => setTerm(v as "fixed" | "month_to_month")}
        options={[
          { value: "fixed", label: "Fixed term" },
          { value: "month_to_month", label: "Month-to-month" },
        ]}
        errors={errors.term}
      />
      {term === "fixed" ? (
        <TextField label="Months" inputMode="numeric" value={months} onChange={setMonths} errors={errors.months} />
      ) : (
        <div />
      )}
      <SelectField
        label="Rent"
        value={change}
        onChange={(v) => setChange(v as RentChangeType)}
        options={RENT_CHANGES.map((c) => ({ value: c, label: RENT_CHANGE_LABELS[c] }))}
      />
      <TextField
        label={change === "percent" ? "Increase (%)" : change === "fixed_increase" ? "Increase ($)" : "New Rent ($)"}
        inputMode="decimal"
        value={value}
        onChange={setValue}
        description={change === "percent" ? "The new rent is rounded to the dollar" : undefined}
        errors={errors["rent_change.percent"] ?? errors["rent_change.amount_cents"] ?? errors["rent_change.rent_cents"]}
      />
    </div>
  );
  return { body, newRent, fields };
}

export const rentText = (cents: number | null) => (cents === null ? "-" : formatCents(cents));
