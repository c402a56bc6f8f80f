import { type RefObject, useCallback, useEffect, useState } from "react";

/** Long enough for a table's code and first page to arrive on a slow connection. */
const GIVE_UP_MS = 15_000;

const visible = (el: Element) => el.checkVisibility();

function focusTarget(target: () => HTMLElement | undefined) {
  const el = target();
  el?.focus();
  return el !== undefined;
}

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
    if (focusTarget(target)) return setRequest(null);
    // A menu hands focus back to its trigger as it closes; that is no reason to stop. The user pressing
    // a key, pointing somewhere or typing into a field (pasted, dictated, filled in) is.
    const gaveUpOn = ["keydown", "pointerdown", "input"] as const;
    const observer = new MutationObserver(() => focusTarget(target) && done());
    // Stopped at once, not at the next render: the grid may arrive before React gets to clean up.
    const stop = () => {
      observer.disconnect();
      for (const event of gaveUpOn) document.removeEventListener(event, done, true);
      clearTimeout(timer);
    };
    // Forgotten after the event that stopped it: a render inside an input event's capture, before the
    // field's own handler, would put the field's old text back over what was typed.
    const done = () => {
      stop();
      setTimeout(() => setRequest((r) => (r === request ? null : r)));
    };
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "class"] });
    for (const event of gaveUpOn) document.addEventListener(event, done, true);
    const timer = setTimeout(done, GIVE_UP_MS);
    return stop;
  }, [request, container]);

  return useCallback((opened: { grid: boolean }) => setRequest(opened), []);
}
