import { Suspense } from "react";
import { assistantPanel } from "./assistant-seam.ts";

/**
 * Where the registered assistant panel sits, below the header: over the page on a phone (beside
 * it, it would push the page sideways) and beside the content from md up, kept in view on a page
 * that scrolls (`scrolls`) or in the row of a fixed-height workspace.
 */
export function AssistantDock({ open, onClose, scrolls }: { open: boolean; onClose(): void; scrolls: boolean }) {
  const Assistant = assistantPanel();
  if (!Assistant || !open) return null;
  return (
    <div
      className={`fixed inset-x-0 top-14 bottom-0 z-20 flex justify-end ${
        scrolls ? "md:sticky md:inset-x-auto md:h-[calc(100vh-3.5rem)]" : "md:static md:z-auto"
      }`}
    >
      <Suspense fallback={null}>
        <Assistant onClose={onClose} />
      </Suspense>
    </div>
  );
}
