import { useState } from "react";
import { assistantPanel } from "./assistant-seam.ts";

/** Where the panel sits beside the page (`md`); narrower, it lies over the page. */
export const DOCK_BESIDE_PAGE = "(min-width: 48rem)";

/**
 * Where the registered assistant panel sits, below the header: over the page on a phone (beside
 * it, it would push the page sideways) and beside the content from md up, kept in view on a page
 * that scrolls (`scrolls`) or in the row of a fixed-height workspace. Once opened it stays mounted,
 * hidden while closed, so closing it (on a phone, to see the page) keeps the conversation.
 */
export function AssistantDock({ open, onClose, scrolls }: { open: boolean; onClose(): void; scrolls: boolean }) {
  const Assistant = assistantPanel();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!Assistant || !opened) return null;
  return (
    <div
      className={`fixed inset-x-0 top-14 bottom-0 z-20 justify-end ${open ? "flex" : "hidden"} ${
        scrolls ? "md:sticky md:inset-x-auto md:h-[calc(100vh-3.5rem)]" : "md:static md:z-auto"
      }`}
    >
      <Assistant open={open} onClose={onClose} />
    </div>
  );
}
