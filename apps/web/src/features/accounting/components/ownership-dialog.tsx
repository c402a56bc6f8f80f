import {
  formatShare,
  type Owner,
  type Ownership,
  parseShare,
  setOwnershipSchema,
  WHOLE_SHARE_BP,
} from "@keyholder/contracts/owners";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import type { FieldErrors } from "../../../lib/form-errors.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { setOwnership } from "../api/set-ownership.ts";

/**
 * Set Owners: who owns a property from a day and how much of it, the shares' total shown as they
 * are typed (they must add up to 100%). The property's owners before that day keep their history.
 */
export function OwnershipDialog({
  owners,
  today,
  onSaved,
  onClose,
}: {
  owners: Owner[];
  today: string;
  onSaved(ownership: Ownership): void;
  onClose(): void;
}) {
  const [property, setProperty] = useState<RelatedItem | null>(null);
  const [startsOn, setStartsOn] = useState(today);
  const [shares, setShares] = useState<Readonly<Record<string, string>>>({});
  const total = Object.values(shares).reduce((s, v) => s + (parseShare(v) ?? 0), 0);
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const chosen = Object.entries(shares).filter(([, v]) => v.trim());
      const bad = chosen.find(([, v]) => parseShare(v) === null);
      const fields: FieldErrors = {};
      if (bad) fields.owners = ["Enter each share as a percent, like 50 or 33.33"];
      if (!property) fields.property_id = ["Choose the property"];
      if (Object.keys(fields).length) return { success: false, fields };
      return setOwnershipSchema.safeParse({
        starts_on: startsOn,
        owners: chosen.map(([owner_id, v]) => ({ owner_id, share_bp: parseShare(v) })),
      });
    },
    send: async (input) => onSaved(await setOwnership(String(property?.id), input)),
    fallback: "Could not set the owners. Please try again.",
  });
  const title = "Set Owners";
  return (
    <Dialog id="ownership-new" title={title} isOpen onClose={onClose}>
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
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-700 dark:text-slate-200">Shares (percent)</legend>
          {owners.map((o) => (
            <TextField
              key={o.id}
              label={`${o.name} share`}
              inputMode="decimal"
              value={shares[o.id] ?? ""}
              onChange={(v) => setShares((now) => ({ ...now, [o.id]: v }))}
            />
          ))}
          {errors.owners ? <p className="text-sm text-red-700 dark:text-red-300">{errors.owners.join(" ")}</p> : null}
        </fieldset>
        <output aria-live="polite" className="text-sm font-medium">
          Total {formatShare(total)}
          {total === WHOLE_SHARE_BP ? "" : " (must be 100%)"}
        </output>
        <ActionFormButtons busy={busy} busyLabel="Saving..." onCancel={onClose}>
          Set Owners
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
