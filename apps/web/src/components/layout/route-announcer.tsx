import { useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { MAIN_CONTENT_ID } from "./skip-link.tsx";

/** How long a page may take to show its heading (data still loading) before focus goes to its main region. */
const HEADING_WAIT_MS = 5000;

/** The page's main heading once it is on screen; the main region if it never shows. */
function whenHeadingShows(signal: AbortSignal): Promise<HTMLElement | null> {
  const find = () => document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1, h1`);
  return new Promise((resolve) => {
    const found = find();
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const heading = find();
      if (heading) done(heading);
    });
    const timer = setTimeout(() => done(document.getElementById(MAIN_CONTENT_ID)), HEADING_WAIT_MS);
    const done = (el: HTMLElement | null) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(signal.aborted ? null : el);
    };
    signal.addEventListener("abort", () => done(null));
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * Whether focus is in something the user opened (a menu, a dialog, a listbox) or on the control
 * that opened it: moving focus out would close it, whenever the user's click was counted.
 */
function inOpenPopup(el: Element | null) {
  return Boolean(
    el?.closest('[role="menu"], [role="dialog"], [role="alertdialog"], [role="listbox"], [aria-expanded="true"]'),
  );
}

/**
 * After a client-side route change (not the first load, which the browser announces itself), moves
 * focus to the new page's main heading and says its title in a polite live region, as a full page
 * load would (issue 10, item 8). A change of search only (new results on the same page) keeps focus
 * where it is: the results announce themselves.
 */
export function RouteAnnouncer() {
  const router = useRouter();
  const [message, setMessage] = useState("");
  useEffect(() => {
    let pending: AbortController | undefined;
    // Someone who has already clicked or typed on the new page keeps their focus (an open menu
    // stays open): the move is for arriving, not for interrupting. "Already" counts from the start
    // of the first navigation not yet rendered, since the new page can be on screen, and clicked,
    // before the router reports it rendered, and the route guards re-running meanwhile (at sign-in,
    // app-root.tsx) report another start (a User menu opened in that moment was closed again).
    let pendingSince: number | undefined;
    let actedAt = Number.NEGATIVE_INFINITY;
    const interrupt = () => {
      actedAt = performance.now();
      pending?.abort();
    };
    document.addEventListener("pointerdown", interrupt, true);
    document.addEventListener("keydown", interrupt, true);
    const offNavigate = router.subscribe("onBeforeNavigate", () => {
      pendingSince ??= performance.now();
    });
    const offRendered = router.subscribe("onRendered", (change) => {
      const navigatedAt = pendingSince ?? performance.now();
      pendingSince = undefined;
      if (!change.fromLocation || !change.pathChanged) return;
      pending?.abort();
      const current = new AbortController();
      pending = current;
      setMessage("");
      const acted = actedAt >= navigatedAt;
      void whenHeadingShows(current.signal).then((target) => {
        if (!target) return;
        if (!acted && !inOpenPopup(document.activeElement)) {
          if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
          // The router restores or resets the scroll position; focusing must not move it again.
          target.focus({ preventScroll: true });
        }
        // After the page's effects have named the document.
        requestAnimationFrame(() => {
          if (!current.signal.aborted) setMessage(document.title);
        });
      });
    });
    return () => {
      pending?.abort();
      document.removeEventListener("pointerdown", interrupt, true);
      document.removeEventListener("keydown", interrupt, true);
      offNavigate();
      offRendered();
    };
  }, [router]);
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </p>
  );
}
