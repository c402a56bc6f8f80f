import { handlersOf, type SidebarAction, subscribeTabHandlers } from "../../lib/tab-handlers.ts";

/** Long enough for a table's code to arrive on a slow connection. */
const GIVE_UP_MS = 15_000;

/**
 * Runs one of a tab's actions (such as Add) as soon as its table has mounted and registered it: a
 * table's code loads on first use, so a tab just opened cannot act yet.
 */
export function runWhenRegistered(tabId: string, action: SidebarAction) {
  const tryRun = () => {
    const run = handlersOf(tabId)?.[action];
    run?.();
    return Boolean(run);
  };
  if (tryRun()) return;
  const stop = subscribeTabHandlers(() => {
    if (tryRun()) finish();
  });
  const timer = setTimeout(finish, GIVE_UP_MS);
  function finish() {
    stop();
    clearTimeout(timer);
  }
}
