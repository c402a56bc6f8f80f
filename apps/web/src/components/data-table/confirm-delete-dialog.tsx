import { useState } from "react";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";

/** Spec records 4: a confirmation, then the delete; a failure is shown and the dialog stays open. */
export function ConfirmDeleteDialog({
  id,
  title,
  question,
  failure,
  onConfirm,
  onClose,
}: {
  id: string;
  title: string;
  question: string;
  failure: string;
  onConfirm(): Promise<void>;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog id={id} title={title} isOpen onClose={onClose} width="max-w-none sm:w-1/3 sm:min-w-96">
      <div className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <p className="text-sm">{question}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onPress={onClose} isDisabled={busy}>
            Cancel
          </Button>
          <Button
            variant="danger"
            isDisabled={busy}
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
