import {
  BANK_ACCOUNT_KIND_LABELS,
  BANK_ACCOUNT_KIND_ROLES,
  BANK_ACCOUNT_KINDS,
  type BankAccount,
  type BankAccountKind,
  createBankAccountSchema,
  updateBankAccountSchema,
} from "@keyholder/contracts/bank-accounts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { SwitchField } from "../../../components/ui/switch.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { accountsQuery } from "../../../lib/ledger-accounts.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { createBankAccount, updateBankAccount } from "../api/save-bank-account.ts";

const CASH_ROLES: readonly string[] = Object.values(BANK_ACCOUNT_KIND_ROLES);
const AUTOMATIC = "";

/**
 * Add Bank Account, or Edit Bank Account. A new one is the bank side of a cash account of the
 * ledger: by default the kind's system cash account while no bank account has it, else a new one
 * beside it; or an asset account the administrator chooses. The kind and the cash account stay once
 * made (the books' lines name it).
 */
export function BankAccountDialog({
  account,
  taken,
  onSaved,
  onClose,
}: {
  account?: BankAccount;
  /** The cash accounts other bank accounts already are the bank side of. */
  taken: ReadonlySet<number>;
  onSaved(account: BankAccount, created: boolean): void;
  onClose(): void;
}) {
  const accounts = useQuery({ ...accountsQuery, enabled: !account });
  const [name, setName] = useState(account?.name ?? "");
  const [kind, setKind] = useState<BankAccountKind>(account?.kind ?? "trust");
  const [bankName, setBankName] = useState(account?.bank_name ?? "");
  const [last4, setLast4] = useState(account?.account_last4 ?? "");
  const [routing, setRouting] = useState(account?.routing_number ?? "");
  const [ledger, setLedger] = useState(AUTOMATIC);
  const [active, setActive] = useState(account?.is_active ?? true);
  const details = { name, bank_name: bankName, account_last4: last4, routing_number: routing };
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () =>
      account
        ? updateBankAccountSchema.safeParse({ ...details, is_active: active })
        : createBankAccountSchema.safeParse({ ...details, kind, ledger_account_id: ledger ? Number(ledger) : null }),
    send: async (input) => {
      if (account) onSaved(await updateBankAccount(account.id, input), false);
      else onSaved(await createBankAccount(createBankAccountSchema.parse(input)), true);
    },
    fallback: "Could not save the bank account. Please try again.",
  });
  const system = accounts.data?.accounts.find((a) => a.role === BANK_ACCOUNT_KIND_ROLES[kind]);
  const automatic =
    system && !taken.has(system.id)
      ? `${system.code} ${system.name}`
      : `A new cash account after ${system?.code ?? "the system one"}`;
  const cashOptions = [
    { value: AUTOMATIC, label: `Automatic: ${automatic}` },
    ...(accounts.data?.accounts ?? [])
      .filter(
        (a) =>
          a.type === "asset" && a.is_active && !taken.has(a.id) && (a.role === null || CASH_ROLES.includes(a.role)),
      )
      .map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` })),
  ];
  const title = account ? `Edit Bank Account: ${account.name}` : "Add Bank Account";
  return (
    <Dialog id={`bank-account-${account?.id ?? "new"}`} title={title} isOpen onClose={onClose}>
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <TextField
          label="Name"
          autoFocus
          isRequired
          maxLength={100}
          value={name}
          onChange={setName}
          errors={errors.name}
        />
        <SelectField
          label="Kind"
          value={kind}
          onChange={(v) => setKind(v as BankAccountKind)}
          options={BANK_ACCOUNT_KINDS.map((k) => ({ value: k, label: BANK_ACCOUNT_KIND_LABELS[k] }))}
          isDisabled={Boolean(account)}
          description={
            account
              ? "The kind stays once the account is made."
              : "Trust holds rents and owners' money; escrow holds tenants' security deposits; operating is the company's own."
          }
          errors={errors.kind}
        />
        <TextField label="Bank" maxLength={100} value={bankName} onChange={setBankName} errors={errors.bank_name} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Account number, last 4 digits"
            inputMode="numeric"
            maxLength={4}
            value={last4}
            onChange={(v) => setLast4(v.replace(/\D/g, ""))}
            description="Only these four digits are kept."
            errors={errors.account_last4}
          />
          <TextField
            label="Routing number"
            inputMode="numeric"
            maxLength={9}
            value={routing}
            onChange={(v) => setRouting(v.replace(/\D/g, ""))}
            errors={errors.routing_number}
          />
        </div>
        {account ? (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Cash account in the books: {account.ledger_account.code} {account.ledger_account.name}
            </p>
            <SwitchField
              label="Active"
              isSelected={active}
              onChange={setActive}
              description="A retired bank account keeps its history and balance in the books."
              errors={errors.is_active}
            />
          </>
        ) : (
          <SelectField
            label="Cash account in the books"
            value={ledger}
            onChange={setLedger}
            options={cashOptions}
            errors={errors.ledger_account_id}
          />
        )}
        <ActionFormButtons busy={busy} busyLabel="Saving..." onCancel={onClose}>
          {account ? "Save Bank Account" : "Add Bank Account"}
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
