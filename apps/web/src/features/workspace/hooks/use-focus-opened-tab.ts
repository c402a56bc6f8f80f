import { type RefObject, useCallback, useEffect, useState } from "react";

/** Long enough for a table's code and first page to arrive on a slow connection. */
const GIVE_UP_MS = 15_000;

const visible = (el: Element) => el.checkVisibility();

/**
 * After a tab is opened from the menu, focus follows it (issue 10, bug 3): into the table's grid once
 * the grid has rendered (its code loads on first use), or onto the tab panel when the tab holds no
 * table. It gives up when the user does something else first.
 */
export function useFocusOpenedTab(container: RefObject<HTMLElement | null>) {
  const [request, setRequest] = useState<{ grid: boolean } | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!request || !root) return;
    const target = () =>
      [...root.querySelectorAll<HTMLElement>(request.grid ? '[role="grid"]' : '[role="tabpanel"]')].find(visible);
    const done = () => setRequest(null);
    const tryFocus = () => {
      const el = target();
      if (!el) return false;
      el.focus();
      done();
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => tryFocus());
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "class"] });
    // A menu hands focus back to its trigger as it closes; that is no reason to stop. The user pressing
    // a key or pointing somewhere is.
    document.addEventListener("keydown", done, true);
    document.addEventListener("pointerdown", done, true);
    const timer = setTimeout(done, GIVE_UP_MS);
    return () => {
      observer.disconnect();
      document.removeEventListener("keydown", done, true);
      document.removeEventListener("pointerdown", done, true);
      clearTimeout(timer);
    };
  }, [request, container]);

  return useCallback((opened: { grid: boolean }) => setRequest(opened), []);
}
