import type { BankAccount } from "@keyholder/contracts/bank-accounts";
import { moneyProblem, parseDollars } from "@keyholder/contracts/money";
import { type Contribution, createContributionSchema, type Owner } from "@keyholder/contracts/owners";
import { useRef, useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createContribution } from "../api/create-contribution.ts";

/**
 * Record Contribution: money an owner put into one of their properties' trust cash (to pay its
 * bills or rebuild its reserve), into the bank account it went to. One request key for the
 * dialog's life.
 */
export function ContributionDialog({
  owners,
  accounts,
  today,
  onRecorded,
  onClose,
}: {
  owners: Owner[];
  accounts: BankAccount[];
  today: string;
  onRecorded(contribution: Contribution): void;
  onClose(): void;
}) {
  const key = useRef(crypto.randomUUID());
  const holders = owners.filter((o) => o.properties.length);
  const active = accounts.filter((a) => a.is_active);
  const [ownerId, setOwnerId] = useState(holders[0]?.id ?? "");
  const owner = holders.find((o) => o.id === ownerId);
  const [propertyId, setPropertyId] = useState(owner?.properties[0]?.property.id ?? "");
  const [account, setAccount] = useState((active.find((a) => a.kind === "trust") ?? active[0])?.id ?? "");
  const [day, setDay] = useState(today);
  const [amount, setAmount] = useState("");
  const [memo, setMemo] = useState("");
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const cents = parseDollars(amount);
      if (!cents) {
        return {
          success: false,
          fields: { amount_cents: [moneyProblem(amount)] },
        };
      }
      return createContributionSchema.safeParse({
        owner_id: ownerId,
        property_id: propertyId,
        bank_account_id: account,
        received_on: day,
        amount_cents: cents,
        memo,
        idempotency_key: key.current,
      });
    },
    send: async (input) => onRecorded(await createContribution(input)),
    fallback: "Could not record the contribution. Please try again.",
  });
  const title = "Record Contribution";
  return (
    <Dialog id="contribution-new" title={title} isOpen onClose={onClose}>
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Owner"
            value={ownerId}
            onChange={(id) => {
              setOwnerId(id);
              setPropertyId(holders.find((o) => o.id === id)?.properties[0]?.property.id ?? "");
            }}
            options={holders.map((o) => ({ value: o.id, label: o.name }))}
            errors={errors.owner_id}
          />
          <SelectField
            label="Property"
            value={propertyId}
            onChange={setPropertyId}
            options={(owner?.properties ?? []).map((p) => ({ value: p.property.id, label: p.property.name }))}
            errors={errors.property_id}
          />
          <SelectField
            label="Bank account"
            value={account}
            onChange={setAccount}
            options={active.map((a) => ({ value: a.id, label: a.name }))}
            errors={errors.bank_account_id}
          />
          <DatePicker label="Received on" value={day} onChange={setDay} errors={errors.received_on} isRequired />
          <TextField
            label="Amount"
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            errors={errors.amount_cents}
            isRequired
          />
          <TextField label="Memo" maxLength={500} value={memo} onChange={setMemo} errors={errors.memo} />
        </div>
        <ActionFormButtons busy={busy} busyLabel="Recording..." onCancel={onClose}>
          Record Contribution
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
