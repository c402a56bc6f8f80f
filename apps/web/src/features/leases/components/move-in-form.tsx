import { type Lease, leaseMessages, moveInSchema } from "@keyholder/contracts/leases";
import { formatCents, parseDollars } from "@keyholder/contracts/money";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { saveFailure, zodFieldErrors } from "../../../lib/form-errors.ts";
import { moveIn } from "../api/move-in.ts";

/**
 * Move-in: the lease becomes active and its first charges post (the first month prorated, the
 * deposit, pet deposits, any one-time fee), once however often it is pressed. A tenant moved over
 * from another system skips them and may bring an opening balance instead.
 */
export function MoveInForm({
  lease,
  onDone,
  onCancel,
}: {
  lease: Lease;
  onDone(message: string): void;
  onCancel(): void;
}) {
  const [day, setDay] = useState(lease.start_date);
  const [skip, setSkip] = useState(false);
  const [opening, setOpening] = useState("");
  const [fee, setFee] = useState({ description: "", amount: "" });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const openingCents = opening.trim() ? parseDollars(opening, { negative: true }) : null;
    const feeCents = fee.amount.trim() ? parseDollars(fee.amount) : null;
    const parsed = moveInSchema.safeParse({
      moved_in_on: day,
      skip_move_in_charges: skip,
      opening_balance_cents: skip ? (openingCents ?? (opening.trim() ? opening : null)) : null,
      one_time_fees:
        !skip && (fee.description.trim() || fee.amount.trim())
          ? [{ description: fee.description, amount_cents: feeCents ?? fee.amount }]
          : [],
    });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const done = await moveIn(lease.id, parsed.data);
      const owed = done.postings.reduce((sum, p) => sum + p.amount_cents, 0);
      onDone(
        done.postings.length
          ? `Moved in: ${done.postings.length} charge${done.postings.length === 1 ? "" : "s"} posted, ${formatCents(owed)}`
          : "Moved in",
      );
    } catch (err) {
      const f = saveFailure(err, leaseMessages.moveInFailed);
      setErrors(f.fields);
      setFailure(Object.keys(f.fields).length ? null : f.message);
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure ? <Alert>{failure}</Alert> : null}
      <DatePicker label="Move-in Date" isRequired value={day} onChange={setDay} errors={errors.moved_in_on} autoFocus />
      <Checkbox isSelected={skip} onChange={setSkip}>
        Skip move-in charges (a tenant moved over from another system)
      </Checkbox>
      {skip ? (
        <TextField
          label="Opening Balance ($)"
          inputMode="decimal"
          description="What they owed when moved over; negative for a credit"
          value={opening}
          onChange={setOpening}
          errors={errors.opening_balance_cents}
        />
      ) : (
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          <TextField
            label="One-time Fee (optional)"
            placeholder="Application fee, key fee..."
            value={fee.description}
            onChange={(description) => setFee({ ...fee, description })}
            errors={errors["one_time_fees.0.description"]}
          />
          <TextField
            label="Fee Amount ($)"
            inputMode="decimal"
            value={fee.amount}
            onChange={(amount) => setFee({ ...fee, amount })}
            errors={errors["one_time_fees.0.amount_cents"]}
          />
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isPending={busy}>
          {busy ? "Moving in..." : "Move In"}
        </Button>
      </div>
    </form>
  );
}
