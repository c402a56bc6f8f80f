import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button } from "./button.tsx";

/**
 * A yes-or-no question before an action that is hard to take back (ban an account, reject an
 * organization): Escape, a click outside and Cancel all say no.
 */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel,
  isPending,
  onConfirm,
  onCancel,
}: {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onCancel()}
      isDismissable
      className="fixed inset-0 z-[1000] flex items-center justify-center bg-black/40 p-4"
    >
      <Modal className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl dark:bg-slate-900">
        <Dialog className="outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            {title}
          </Heading>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{message}</p>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onPress={onCancel}>
              Cancel
            </Button>
            <Button variant="danger" isPending={isPending} onPress={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
