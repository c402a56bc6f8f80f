import {
  COST_KIND_LABELS,
  COST_KINDS,
  type CostKind,
  type CostLineRow,
  costLineCents,
  costLineInputSchema,
  costMessages,
  quantityHundredths,
  type RequestCosts,
} from "@keyholder/contracts/maintenance-costs";
import { centsToInput, formatCents, parseDollars } from "@keyholder/contracts/money";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { saveCostLine } from "../api/save-cost-line.ts";

const kindOptions = COST_KINDS.map((k) => ({ value: k, label: COST_KIND_LABELS[k] }));

/**
 * Add Cost or Edit Cost: kind, what for, a quantity (hours 1.5) at a rate, billable to the
 * resident or not; the amount shown is the one the server stores (costLineCents, half up once).
 */
export function CostLineDialog({
  requestId,
  line,
  onSaved,
  onClose,
}: {
  requestId: string;
  /** The line edited; null adds one. */
  line: CostLineRow | null;
  onSaved(costs: RequestCosts): void;
  onClose(): void;
}) {
  const [kind, setKind] = useState<CostKind>(line?.kind ?? "labor");
  const [description, setDescription] = useState(line?.description ?? "");
  const [quantity, setQuantity] = useState(line?.quantity ?? "1");
  const [rate, setRate] = useState(line ? centsToInput(line.rate_cents) : "");
  const [billable, setBillable] = useState(line?.billable ?? false);
  const rateCents = parseDollars(rate);
  const hundredths = quantityHundredths(quantity);
  const amount = rateCents !== null && hundredths !== null ? costLineCents(quantity, rateCents) : null;

  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () =>
      rateCents === null
        ? { success: false, fields: { rate_cents: [costMessages.rate] } }
        : costLineInputSchema.safeParse({ kind, description, quantity, rate_cents: rateCents, billable }),
    send: async (data) => onSaved(await saveCostLine(requestId, line?.id ?? null, data)),
    fallback: "Could not save the cost. Please try again.",
  });
  const title = line ? "Edit Cost" : "Add Cost";
  return (
    <Dialog id={`maintenance-cost-${requestId}`} title={title} isOpen onClose={onClose}>
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Kind"
            value={kind}
            onChange={(v) => setKind(v as CostKind)}
            options={kindOptions}
            errors={errors.kind}
          />
          <TextField
            label="Description"
            isRequired
            autoFocus
            placeholder="Plumber, P-trap..."
            value={description}
            onChange={setDescription}
            errors={errors.description}
          />
          <TextField
            label="Quantity"
            isRequired
            inputMode="decimal"
            description="Hours or pieces, up to two decimals"
            value={quantity}
            onChange={setQuantity}
            errors={errors.quantity}
          />
          <TextField
            label="Rate ($)"
            isRequired
            inputMode="decimal"
            placeholder="0.00"
            value={rate}
            onChange={setRate}
            errors={errors.rate_cents}
          />
        </div>
        <Checkbox isSelected={billable} onChange={setBillable}>
          Billable to the resident
        </Checkbox>
        <p className="text-sm text-slate-700 dark:text-slate-200" aria-live="polite">
          Amount: <span className="font-semibold tabular-nums">{amount === null ? "—" : formatCents(amount)}</span>
        </p>
        <ActionFormButtons busy={busy} busyLabel="Saving..." onCancel={onClose}>
          Save Cost
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
