import { formatCents } from "@keyholder/contracts/money";
import {
  createAdjustmentSchema,
  type ReconciliationDetail,
  type ReconciliationLine,
} from "@keyholder/contracts/reconciliations";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { accountsQuery } from "../../../lib/ledger-accounts.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createAdjustment } from "../api/create-adjustment.ts";

/** The chart's usual homes for a bank's own lines: 6200 Bank Fees for money out, 4900 Other Income for money in. */
const USUAL_CODE = { out: "6200", in: "4900" } as const;

/**
 * A bank line the books do not have (a service fee, interest earned), posted on its day to the
 * income or expense account chosen, for a property (always on a trust account: trust money is
 * always some property's), and matched to it.
 */
export function BankLinePostDialog({
  reconciliationId,
  trust,
  line,
  onPosted,
  onClose,
}: {
  reconciliationId: string;
  /** A trust account's line, which must name its property. */
  trust: boolean;
  line: ReconciliationLine;
  onPosted(detail: ReconciliationDetail): void;
  onClose(): void;
}) {
  const accounts = useQuery(accountsQuery);
  const choices = (accounts.data?.accounts ?? []).filter(
    (a) => a.is_active && (a.type === "income" || a.type === "expense"),
  );
  const usual = choices.find((a) => a.code === (line.amount_cents < 0 ? USUAL_CODE.out : USUAL_CODE.in));
  const [chosen, setChosen] = useState<string | null>(null);
  const account = chosen ?? (usual ? String(usual.id) : "");
  const [memo, setMemo] = useState(line.description);
  const [property, setProperty] = useState<RelatedItem | null>(null);
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () =>
      createAdjustmentSchema.safeParse({
        statement_line_id: line.id,
        account_id: Number(account) || undefined,
        property_id: property ? String(property.id) : null,
        memo,
      }),
    send: async (input) => onPosted(await createAdjustment(reconciliationId, input)),
    fallback: "Could not post the bank line. Please try again.",
  });
  const title = line.amount_cents < 0 ? "Post a Bank Charge" : "Post Money Received";
  return (
    <Dialog id="bank-line-post" title={title} isOpen onClose={onClose}>
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {line.posted_on} · {line.description} ·{" "}
          <span className="font-medium tabular-nums">{formatCents(line.amount_cents)}</span>
        </p>
        <SelectField
          label="Account"
          value={account}
          onChange={setChosen}
          options={[
            { value: "", label: "Choose an income or expense account" },
            ...choices.map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` })),
          ]}
          errors={errors.account_id}
        />
        <RecordPicker
          label="Property"
          source={{ list: "properties" }}
          value={property}
          onChange={setProperty}
          isRequired={trust}
          placeholder={trust ? "Choose the property" : "The company's (no property)"}
          description={trust ? "Trust money always belongs to a property." : undefined}
          errors={errors.property_id}
        />
        <TextField label="Memo" maxLength={500} value={memo} onChange={setMemo} errors={errors.memo} />
        <ActionFormButtons busy={busy} busyLabel="Posting..." onCancel={onClose}>
          Post and Match
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
