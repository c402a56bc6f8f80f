import type { ReactNode } from "react";
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button } from "./button.tsx";

/** A modal dialog: focus trapped and restored, Escape closes (react-aria). */
export function Dialog({
  title,
  isOpen,
  onClose,
  children,
  width = "max-w-lg",
}: {
  title: string;
  isOpen: boolean;
  onClose(): void;
  children: ReactNode;
  width?: string;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className="fixed inset-0 z-[1000] flex items-center justify-center bg-black/40 p-4"
    >
      <Modal className={`w-full ${width} rounded-xl bg-white shadow-xl dark:bg-slate-900`}>
        <AriaDialog className="outline-none">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-3 dark:border-slate-800">
            <Heading slot="title" className="text-lg font-semibold">
              {title}
            </Heading>
            <Button variant="ghost" aria-label="Close" onPress={onClose} className="px-2 py-1">
              ×
            </Button>
          </div>
          <div className="max-h-[75vh] overflow-y-auto px-5 py-4">{children}</div>
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
