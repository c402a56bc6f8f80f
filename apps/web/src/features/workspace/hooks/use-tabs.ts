import { useEffect, useReducer } from "react";
import { emptyTabs, loadTabs, saveTabs, tabsReducer } from "../tabs-state.ts";

/** The user's tabs, restored from and saved to localStorage under keys suffixed with the user id. */
export function useTabs(userId: number) {
  const [state, dispatch] = useReducer(tabsReducer, emptyTabs, () => loadTabs(window.localStorage, userId));
  useEffect(() => {
    dispatch({ type: "replace", state: loadTabs(window.localStorage, userId) });
  }, [userId]);
  useEffect(() => {
    saveTabs(window.localStorage, userId, state);
  }, [userId, state]);
  return [state, dispatch] as const;
}
