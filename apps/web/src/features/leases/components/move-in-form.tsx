import { type Lease, leaseMessages, moveInSchema } from "@keyholder/contracts/leases";
import { formatCents, parseDollars } from "@keyholder/contracts/money";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { type ActionFormProps, useActionForm } from "../../../lib/use-action-form.ts";
import { moveIn } from "../api/move-in.ts";

/**
 * Move-in: the lease becomes active and its first charges post (the first month prorated, the
 * deposit, pet deposits, any one-time fee), once however often it is pressed. A tenant moved over
 * from another system skips them and may bring an opening balance instead.
 */
export function MoveInForm({ lease, onDone, onCancel }: ActionFormProps & { lease: Lease }) {
  const [day, setDay] = useState(lease.start_date);
  const [skip, setSkip] = useState(false);
  const [opening, setOpening] = useState("");
  const [fee, setFee] = useState({ description: "", amount: "" });
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const openingCents = opening.trim() ? parseDollars(opening, { negative: true }) : null;
      const feeCents = fee.amount.trim() ? parseDollars(fee.amount) : null;
      return moveInSchema.safeParse({
        moved_in_on: day,
        skip_move_in_charges: skip,
        opening_balance_cents: skip ? (openingCents ?? (opening.trim() ? opening : null)) : null,
        one_time_fees:
          !skip && (fee.description.trim() || fee.amount.trim())
            ? [{ description: fee.description, amount_cents: feeCents ?? fee.amount }]
            : [],
      });
    },
    send: async (data) => {
      const done = await moveIn(lease.id, data);
      const owed = done.postings.reduce((sum, p) => sum + p.amount_cents, 0);
      onDone(
        done.postings.length
          ? `Moved in: ${done.postings.length} charge${done.postings.length === 1 ? "" : "s"} posted, ${formatCents(owed)}`
          : "Moved in",
      );
    },
    fallback: leaseMessages.moveInFailed,
  });

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
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
      <ActionFormButtons busy={busy} busyLabel="Moving in..." onCancel={onCancel}>
        Move In
      </ActionFormButtons>
    </form>
  );
}
