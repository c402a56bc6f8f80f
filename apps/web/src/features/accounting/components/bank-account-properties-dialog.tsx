import { BANK_ACCOUNT_KIND_LABELS, type BankAccount } from "@keyholder/contracts/bank-accounts";
import type { RelatedItem } from "@keyholder/contracts/related-items";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { RecordPicker } from "../../../components/record-picker/record-picker.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { bankAccountPropertiesQuery } from "../api/bank-account-properties.ts";
import { setBankAccountProperties } from "../api/set-bank-account-properties.ts";

/**
 * A bank account's properties: those whose money of its kind it keeps (their receipts are
 * deposited there, refunds come out of it). Adding one kept in another account of the kind moves it.
 */
export function BankAccountPropertiesDialog({
  account,
  onSaved,
  onClose,
}: {
  account: BankAccount;
  onSaved(count: number): void;
  onClose(): void;
}) {
  const current = useQuery(bankAccountPropertiesQuery(account.id));
  const [chosen, setChosen] = useState<{ id: string; name: string }[] | null>(null);
  const list = chosen ?? current.data?.properties ?? [];
  // A new picker after each property added: its text starts empty again.
  const [added, setAdded] = useState(0);
  const save = useMutation({
    mutationFn: () =>
      setBankAccountProperties(
        account.id,
        list.map((p) => p.id),
      ),
    onSuccess: (saved) => onSaved(saved.properties.length),
  });
  const title = `Properties of ${account.name}`;
  return (
    <Dialog id="bank-account-properties" title={title} isOpen onClose={onClose}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-200">
          The properties whose {BANK_ACCOUNT_KIND_LABELS[account.kind].toLowerCase()} money is kept in this account. A
          property has one account of each kind: adding one kept elsewhere moves it here.
        </p>
        {current.isPending ? <Spinner label="Loading the account's properties" /> : null}
        {current.isError ? <Alert>{current.error.message}</Alert> : null}
        <RecordPicker
          key={added}
          label="Add a property"
          source={{ list: "properties" }}
          value={null}
          onChange={(item: RelatedItem | null) => {
            if (!item) return;
            if (!list.some((p) => p.id === String(item.id)))
              setChosen([...list, { id: String(item.id), name: item.value }]);
            setAdded((n) => n + 1);
          }}
        />
        {list.length ? (
          <ul aria-label="Properties kept here" className="flex max-h-72 flex-col gap-1 overflow-y-auto">
            {list.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 text-sm">
                {p.name}
                <Button variant="secondary" onPress={() => setChosen(list.filter((x) => x.id !== p.id))}>
                  Remove<span className="sr-only"> {p.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : current.data ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No property is assigned to this account.</p>
        ) : null}
        {save.isError ? <Alert>{save.error.message}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button isPending={save.isPending} isDisabled={!current.data} onPress={() => save.mutate()}>
            Save Properties
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
