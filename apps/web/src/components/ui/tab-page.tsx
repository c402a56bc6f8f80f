import type { ReactNode } from "react";

/**
 * A workspace tab's page that scrolls itself. It is the positioned parent of what it holds: a
 * screen reader's hidden text (`sr-only`, placed absolutely) far down the page otherwise belongs to
 * the tab's area, grows it past the screen, and focus scrolls the whole workspace, dialogs and all.
 */
export function TabPage({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return <div className={`relative h-full overflow-y-auto p-4 ${wide ? "sm:p-8" : ""}`}>{children}</div>;
}
