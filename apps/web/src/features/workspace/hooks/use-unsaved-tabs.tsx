import { type Dispatch, useCallback, useEffect, useRef, useState } from "react";
import { DiscardChangesQuestion } from "../../../components/ui/discard-changes.tsx";
import { useUnsavedParts } from "../../../lib/unsaved-changes.ts";
import type { Tab, TabsAction } from "../tabs-state.ts";

/**
 * Unsaved changes at the workspace's level (issue 15, item 6): a tab whose dialogs hold some asks
 * before it is closed (its × or Delete, from any tab), and leaving the page with any (reload,
 * closing the browser tab) makes the browser ask. `dispatch` is the tabs' dispatch with that check;
 * `report` takes the workspace's own dialogs' changes (Account, Settings); `question` is rendered
 * once in the page.
 */
export function useUnsavedTabs(tabs: readonly Tab[], dispatch: Dispatch<TabsAction>) {
  const unsavedTabs = useRef(new Set<string>());
  const workspace = useUnsavedParts();
  const workspaceUnsaved = useRef(false);
  workspaceUnsaved.current = workspace.unsaved;
  const latestTabs = useRef(tabs);
  latestTabs.current = tabs;
  const [closing, setClosing] = useState<Tab | null>(null);

  const onUnsavedChange = useCallback((tabId: string, unsaved: boolean) => {
    if (unsaved) unsavedTabs.current.add(tabId);
    else unsavedTabs.current.delete(tabId);
  }, []);

  const guarded = useCallback(
    (action: TabsAction) => {
      if (action.type === "close" && unsavedTabs.current.has(action.id)) {
        setClosing(latestTabs.current.find((t) => t.id === action.id) ?? null);
        return;
      }
      if (action.type === "close") unsavedTabs.current.delete(action.id);
      dispatch(action);
    },
    [dispatch],
  );

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (unsavedTabs.current.size > 0 || workspaceUnsaved.current) e.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, []);

  const question = (
    <DiscardChangesQuestion
      over={null}
      title={closing?.title ?? ""}
      explain={`A dialog in “${closing?.title ?? ""}” has changes that have not been saved. Closing the tab discards them.`}
      isOpen={closing !== null}
      onKeep={() => setClosing(null)}
      onDiscard={() => {
        if (closing) {
          unsavedTabs.current.delete(closing.id);
          dispatch({ type: "close", id: closing.id });
        }
        setClosing(null);
      }}
    />
  );
  return { dispatch: guarded, onUnsavedChange, report: workspace.report, question };
}
