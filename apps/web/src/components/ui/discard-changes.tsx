import { useEffect, useId } from "react";
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
 * The question asked before unsaved changes are thrown away (issue 15, item 6): Keep editing
 * (focused first, and what Escape answers) or Discard changes. Asked by a dialog before it closes,
 * over that dialog alone; or by the workspace before it closes a tab holding such a dialog, over
 * the page.
 */
export function DiscardChangesQuestion({
  over,
  title,
  explain = discardMessages.explain(title),
  isOpen,
  onKeep,
  onDiscard,
}: {
  /** The dialog it is about, which it covers; null: the whole page. */
  over: HTMLElement | null;
  /** What holds the changes ("Edit Property: Maple Lofts"). */
  title: string;
  explain?: string;
  isOpen: boolean;
  onKeep(): void;
  onDiscard(): void;
}) {
  const keepId = useId();
  // Also after whatever else moved focus as it opened (the tab strip focusing its active tab).
  useEffect(() => {
    if (!isOpen) return;
    const frame = requestAnimationFrame(() => document.getElementById(keepId)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isOpen, keepId]);
  return (
    <UNSAFE_PortalProvider getContainer={() => over ?? document.body}>
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!open) onKeep();
        }}
        className={`${over ? "absolute z-10 rounded-xl" : "fixed z-[5500]"} inset-0 flex items-center justify-center bg-slate-900/50 p-3`}
      >
        <Modal className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-4 shadow-xl outline-none dark:border-slate-600 dark:bg-slate-800">
          <Dialog role="alertdialog" className="flex flex-col gap-3 outline-none">
            <Heading slot="title" className="text-base font-semibold text-slate-900 dark:text-slate-100">
              {discardMessages.question}
            </Heading>
            <p className="text-sm text-slate-700 dark:text-slate-300">{explain}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="danger" onPress={onDiscard}>
                {discardMessages.discard}
              </Button>
              {/* The safe answer takes focus, so an Enter pressed at once keeps the user's work. */}
              <Button id={keepId} autoFocus onPress={onKeep}>
                {discardMessages.keep}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </UNSAFE_PortalProvider>
  );
}
