import { z } from "zod";

/** A workspace tab (spec section 3). Handlers live in memory only; the rest is stored per user. */
export const tabSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  originalItemName: z.string(),
  quickFiltersVisible: z.boolean().default(false),
});
export type Tab = z.infer<typeof tabSchema>;

export interface TabsState {
  tabs: Tab[];
  activeId: string | null;
}

export const emptyTabs: TabsState = { tabs: [], activeId: null };

export type TabsAction =
  | { type: "open"; category: string; item: string; now?: number }
  | { type: "activate"; id: string }
  | { type: "close"; id: string }
  | { type: "move"; id: string; toIndex: number }
  | { type: "rename"; id: string; title: string }
  | { type: "toggleQuickFilters"; id: string }
  | { type: "showQuickFilters"; id: string }
  | { type: "replace"; state: TabsState };

/** Tab id from category, item name and a timestamp (spec section 3). */
export const tabId = (category: string, item: string, now: number) => `${category}-${item}-${now}`.replace(/\s+/g, "_");

export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case "open": {
      const tab: Tab = {
        id: tabId(action.category, action.item, action.now ?? Date.now()),
        title: action.item,
        category: action.category,
        originalItemName: action.item,
        quickFiltersVisible: false,
      };
      return { tabs: [...state.tabs, tab], activeId: tab.id };
    }
    case "activate":
      return state.tabs.some((t) => t.id === action.id) ? { ...state, activeId: action.id } : state;
    case "close": {
      const tabs = state.tabs.filter((t) => t.id !== action.id);
      // Closing the active tab activates the last remaining one, or none.
      const activeId = state.activeId === action.id ? (tabs.at(-1)?.id ?? null) : state.activeId;
      return { tabs, activeId };
    }
    case "move": {
      const from = state.tabs.findIndex((t) => t.id === action.id);
      if (from < 0) return state;
      const tabs = [...state.tabs];
      const [tab] = tabs.splice(from, 1);
      if (!tab) return state;
      tabs.splice(Math.max(0, Math.min(action.toIndex, tabs.length)), 0, tab);
      return { ...state, tabs };
    }
    case "rename": {
      const title = action.title.trim();
      // An empty name is rejected: the old title stays.
      if (!title) return state;
      return { ...state, tabs: state.tabs.map((t) => (t.id === action.id ? { ...t, title } : t)) };
    }
    case "toggleQuickFilters":
      return {
        ...state,
        tabs: state.tabs.map((t) => (t.id === action.id ? { ...t, quickFiltersVisible: !t.quickFiltersVisible } : t)),
      };
    case "showQuickFilters":
      return {
        ...state,
        tabs: state.tabs.map((t) => (t.id === action.id ? { ...t, quickFiltersVisible: true } : t)),
      };
    case "replace":
      return action.state;
  }
}

/** localStorage keys suffixed with the user id, so two users of one browser keep their own tabs. */
export const tabsStorageKey = (userId: number) => `keyholder.tabs.${userId}`;
export const activeTabStorageKey = (userId: number) => `keyholder.activeTab.${userId}`;

export function loadTabs(storage: Storage, userId: number): TabsState {
  try {
    const tabs = z.array(tabSchema).safeParse(JSON.parse(storage.getItem(tabsStorageKey(userId)) ?? "[]"));
    if (!tabs.success) return emptyTabs;
    const active = storage.getItem(activeTabStorageKey(userId));
    return {
      tabs: tabs.data,
      activeId: tabs.data.some((t) => t.id === active) ? active : (tabs.data.at(-1)?.id ?? null),
    };
  } catch {
    return emptyTabs;
  }
}

export function saveTabs(storage: Storage, userId: number, state: TabsState) {
  try {
    storage.setItem(tabsStorageKey(userId), JSON.stringify(state.tabs));
    if (state.activeId) storage.setItem(activeTabStorageKey(userId), state.activeId);
    else storage.removeItem(activeTabStorageKey(userId));
  } catch {
    // Storage full or blocked: tabs still work for this page view.
  }
}
