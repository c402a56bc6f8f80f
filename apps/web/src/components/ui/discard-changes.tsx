import { UNSAFE_PortalProvider } from "react-aria";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Button } from "./button.tsx";

export const discardMessages = {
  question: "Discard unsaved changes?",
  explain: (title: string) => `The changes in “${title}” have not been saved.`,
  keep: "Keep editing",
  discard: "Discard changes",
} as const;

/**
 * The question a dialog with unsaved changes asks before it closes (issue 15, item 6), over that
 * dialog alone: Keep editing (focused first, and what Escape answers) or Discard changes.
 */
export function DiscardChangesQuestion({
  over,
  title,
  isOpen,
  onKeep,
  onDiscard,
}: {
  /** The dialog it is about: the question covers it, not the page. */
  over: HTMLElement | null;
  title: string;
  isOpen: boolean;
  onKeep(): void;
  onDiscard(): void;
}) {
  return (
    <UNSAFE_PortalProvider getContainer={() => over}>
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!open) onKeep();
        }}
        className="absolute inset-0 z-10 flex items-center justify-center rounded-xl bg-slate-900/50 p-3"
      >
        <Modal className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-4 shadow-xl outline-none dark:border-slate-600 dark:bg-slate-800">
          <Dialog role="alertdialog" className="flex flex-col gap-3 outline-none">
            <Heading slot="title" className="text-base font-semibold text-slate-900 dark:text-slate-100">
              {discardMessages.question}
            </Heading>
            <p className="text-sm text-slate-700 dark:text-slate-300">{discardMessages.explain(title)}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="danger" onPress={onDiscard}>
                {discardMessages.discard}
              </Button>
              {/* The safe answer takes focus, so an Enter pressed at once keeps the user's work. */}
              <Button autoFocus onPress={onKeep}>
                {discardMessages.keep}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </UNSAFE_PortalProvider>
  );
}
