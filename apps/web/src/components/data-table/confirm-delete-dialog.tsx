import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";

/** Spec records 4: a confirmation, then the delete; a failure is shown and the dialog stays open. */
export function ConfirmDeleteDialog({
  id,
  title,
  question,
  describe,
  failure,
  onConfirm,
  onClose,
}: {
  id: string;
  title: string;
  question: string;
  /** What else goes with the records, looked up as the dialog opens ("It also deletes 3 buildings..."). */
  describe?(): Promise<string | null>;
  failure: string;
  onConfirm(): Promise<void>;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const consequenceId = useId();
  const consequence = useQuery({
    queryKey: ["delete-consequence", id],
    queryFn: () => describe?.() ?? Promise.resolve(null),
    enabled: Boolean(describe),
    gcTime: 0,
    retry: false,
  });
  // Deleting before the consequence is known would be deleting blind.
  const waiting = Boolean(describe) && consequence.isPending;
  return (
    <Dialog id={id} title={title} isOpen onClose={onClose} width="max-w-none sm:w-1/3 sm:min-w-96">
      <div className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <p className="text-sm">{question}</p>
        {describe && (consequence.isPending || consequence.isError || consequence.data) ? (
          <p id={consequenceId} className="text-sm font-medium text-red-700 dark:text-red-300" role="status">
            {consequence.isPending
              ? "Checking what goes with it..."
              : consequence.isError
                ? "Could not check what goes with it; deleting may remove its buildings, units, floor plans and zones."
                : consequence.data}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            Cancel
          </Button>
          <Button
            variant="danger"
            isDisabled={busy || waiting}
            onPress={async () => {
              setBusy(true);
              setError(null);
              try {
                await onConfirm();
                onClose();
              } catch (err) {
                console.error(failure, err);
                setError(err instanceof Error && err.message ? `${failure}: ${err.message}` : failure);
                setBusy(false);
              }
            }}
          >
            {busy ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
