/** The sidebar's actions, dispatched to the active tab's registered handlers (spec section 4). */
export const sidebarActions = ["quickFilter", "filter", "add", "edit", "export", "history", "delete"] as const;
export type SidebarAction = (typeof sidebarActions)[number];
export type TabHandlers = Partial<Record<SidebarAction, () => void>>;

const handlers = new Map<string, TabHandlers>();
const listeners = new Set<() => void>();

/** A table registers what it can do while it is mounted; returns the unregister function. */
export function registerTabHandlers(tabId: string, h: TabHandlers) {
  handlers.set(tabId, h);
  for (const l of listeners) l();
  return () => {
    if (handlers.get(tabId) === h) handlers.delete(tabId);
    for (const l of listeners) l();
  };
}

export const handlersOf = (tabId: string | null) => (tabId ? handlers.get(tabId) : undefined);

export function subscribeTabHandlers(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** What the workspace gives the table component of a tab. */
export interface TableTabProps {
  tabId: string;
  quickFiltersVisible: boolean;
  onToggleQuickFilters(): void;
}
