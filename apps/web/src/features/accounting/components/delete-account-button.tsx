import type { LedgerAccount } from "@keyholder/contracts/ledger";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { deleteAccount } from "../api/delete-account.ts";

/**
 * Delete Account, asked twice: only an account nothing ever posted to goes; for any other the
 * server says to retire it, and that is shown here.
 */
export function DeleteAccountButton({
  account,
  onDeleted,
}: {
  account: LedgerAccount;
  onDeleted(account: LedgerAccount): void;
}) {
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteAccount(account.id),
    onSuccess: () => onDeleted(account),
    onSettled: () => setAsking(false),
  });
  return (
    <div className="flex flex-col gap-2">
      {remove.isError ? <Alert>{remove.error.message}</Alert> : null}
      <Button variant="danger" onPress={() => setAsking(true)}>
        Delete Account
      </Button>
      <ConfirmDialog
        isOpen={asking}
        title={`Delete account ${account.code}?`}
        message={`${account.code} ${account.name} leaves the chart of accounts. Only an account nothing was ever posted to can be deleted.`}
        confirmLabel="Delete Account"
        isPending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
