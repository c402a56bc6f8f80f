import {
  ACCOUNT_TYPE_LABELS,
  ACCOUNT_TYPES,
  type AccountType,
  type CreateAccount,
  createAccountSchema,
  type LedgerAccount,
  type UpdateAccount,
  updateAccountSchema,
} from "@keyholder/contracts/ledger";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { SwitchField } from "../../../components/ui/switch.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createAccount, updateAccount } from "../api/save-account.ts";
import { DeleteAccountButton } from "./delete-account-button.tsx";

const typeOptions = ACCOUNT_TYPES.map((t) => ({ value: t, label: ACCOUNT_TYPE_LABELS[t] }));

/**
 * Add Account, or Edit Account for one of the chart. A system account (one Keyholder posts to) keeps
 * its type and stays active, so those fields say why instead of being offered; the server refuses
 * the same and a type change once anything posts to the account.
 */
export function AccountDialog({
  account,
  onSaved,
  onDeleted,
  onClose,
}: {
  /** Absent: a new account. */
  account?: LedgerAccount;
  onSaved(account: LedgerAccount, created: boolean): void;
  onDeleted(account: LedgerAccount): void;
  onClose(): void;
}) {
  const [code, setCode] = useState(account?.code ?? "");
  const [name, setName] = useState(account?.name ?? "");
  const [type, setType] = useState<AccountType>(account?.type ?? "expense");
  const [active, setActive] = useState(account?.is_active ?? true);
  const system = account?.role != null;
  // Named: inferred from two schemas' results, T came out as one or the other by checking order.
  const { errors, failure, busy, onSubmit } = useActionForm<UpdateAccount | CreateAccount>({
    check: () =>
      account
        ? updateAccountSchema.safeParse({ code, name, ...(system ? {} : { type }), is_active: active })
        : createAccountSchema.safeParse({ code, name, type }),
    send: async (input) => {
      if (account) onSaved(await updateAccount(account.id, input), false);
      else onSaved(await createAccount(createAccountSchema.parse(input)), true);
    },
    fallback: "Could not save the account. Please try again.",
  });
  const title = account ? `Edit Account ${account.code}` : "Add Account";
  return (
    <Dialog id={`ledger-account-${account?.id ?? "new"}`} title={title} isOpen onClose={onClose}>
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
          <TextField
            label="Code"
            autoFocus
            isRequired
            maxLength={20}
            inputMode="text"
            value={code}
            onChange={setCode}
            errors={errors.code}
          />
          <TextField label="Name" isRequired maxLength={100} value={name} onChange={setName} errors={errors.name} />
        </div>
        <SelectField
          label="Type"
          value={type}
          onChange={(v) => setType(v as AccountType)}
          options={typeOptions}
          isDisabled={system}
          description={
            system
              ? "Keyholder posts to this system account by its role, so its type stays."
              : account
                ? "Changes only while nothing posts to the account."
                : "Assets and expenses grow with debits; liabilities, equity and income with credits."
          }
          errors={errors.type}
        />
        {account ? (
          <SwitchField
            label="Active"
            isSelected={active}
            onChange={setActive}
            isDisabled={system}
            description={
              system
                ? "A system account is never retired."
                : "A retired account keeps its postings and balance and takes no new entries."
            }
            errors={errors.is_active}
          />
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          {account && !system ? <DeleteAccountButton account={account} onDeleted={onDeleted} /> : <span />}
          <ActionFormButtons busy={busy} busyLabel="Saving..." onCancel={onClose}>
            {account ? "Save Account" : "Add Account"}
          </ActionFormButtons>
        </div>
      </form>
    </Dialog>
  );
}
