import { handlersOf, type SidebarAction, subscribeTabHandlers, type TabHandlers } from "../../lib/tab-handlers.ts";
import type { WorkspaceRequest } from "../../lib/workspace-requests.ts";

/** Long enough for a table's code to arrive on a slow connection. */
const GIVE_UP_MS = 15_000;

/**
 * Runs one of a tab's actions (such as Add) as soon as its table has mounted and registered it: a
 * table's code loads on first use, so a tab just opened cannot act yet.
 */
export function runWhenRegistered(tabId: string, action: SidebarAction | WorkspaceRequest) {
  const run = (handlers: TabHandlers) => {
    if (typeof action === "string") {
      const handler = handlers[action];
      handler?.();
      return Boolean(handler);
    }
    if (action.action === "add" && handlers.add) handlers.add(action.preset);
    else if (action.action === "show" && handlers.show) handlers.show(action.id);
    else if (action.action === "filter" && handlers.applyFilters) handlers.applyFilters(action.filters);
    else if (action.action === "report" && handlers.openReport) handlers.openReport(action.report, action.params);
    else return false;
    action.onDone?.();
    return true;
  };
  const tryRun = () => {
    const handlers = handlersOf(tabId);
    return handlers ? run(handlers) : false;
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
