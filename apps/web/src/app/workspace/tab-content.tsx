import { PERMISSIONS } from "@keyholder/contracts/permissions";
import { Activity, Suspense, useState } from "react";
import { DialogArea } from "../../components/ui/dialog-area.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import type { Tab } from "../../features/workspace/tabs-state.ts";
import { useCan } from "../../lib/auth/auth-context.tsx";
import { COMING_SOON, entryKey, NOT_FOR_YOUR_ROLE, tableEntries } from "./table-registry.ts";

/**
 * A table when the entry maps to one and it is built. The menu no longer opens other entries, but a
 * tab saved before (or an entry the menu has since dropped) still gets a plain note, and can be closed.
 */
export function TabContent({ tab, onToggleQuickFilters }: { tab: Tab; onToggleQuickFilters(): void }) {
  const entry = tableEntries[entryKey(tab.category, tab.originalItemName)];
  const can = useCan();
  const Table = entry?.component;
  if (Table && entry?.permission && !can(entry.permission)) {
    // A tab kept from before the user's role changed.
    return (
      <section className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center">
        <h2 className="text-lg font-semibold text-slate-800 dark:text-slate-100">{tab.title}</h2>
        <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">
          {NOT_FOR_YOUR_ROLE}: your role does not let you {PERMISSIONS[entry.permission]}. You can close this tab.
        </p>
      </section>
    );
  }
  if (Table)
    return (
      <Suspense
        fallback={
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading table" />
          </div>
        }
      >
        <Table
          tabId={tab.id}
          can={can}
          quickFiltersVisible={tab.quickFiltersVisible}
          onToggleQuickFilters={onToggleQuickFilters}
        />
      </Suspense>
    );
  const module = entry?.module ?? tab.originalItemName;
  return (
    <section className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center">
      <h2 className="text-lg font-semibold text-slate-800 dark:text-slate-100">{tab.title}</h2>
      <p className="max-w-md text-sm text-slate-600 dark:text-slate-300">
        {COMING_SOON}: {module} is not built yet. This tab will show it once it is; you can close it meanwhile.
      </p>
    </section>
  );
}

/**
 * The content of every tab visited in this page view, the active one shown. A hidden tab keeps its
 * state (rows, scroll position, selection, open dialogs) in React's Activity, which also stops its
 * effects, so a hidden table's sidebar actions are not registered. Tabs not visited yet are not
 * mounted, so restoring many tabs after a reload loads only the active one. A tab's dialogs open
 * over its content alone, and are hidden with it.
 */
export function TabContents({
  tabs,
  activeId,
  onToggleQuickFilters,
  onUnsavedChange,
}: {
  tabs: readonly Tab[];
  activeId: string | null;
  onToggleQuickFilters(): void;
  /** Whether a tab's dialogs hold unsaved changes (kept while it is in the background). */
  onUnsavedChange(tabId: string, unsaved: boolean): void;
}) {
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set());
  if (activeId && !visited.has(activeId)) setVisited(new Set(visited).add(activeId));
  return tabs
    .filter((tab) => tab.id === activeId || visited.has(tab.id))
    .map((tab) => (
      // Outside the Activity: it hears at once that its tab went to the background, before the
      // tab's stopped effects would say its dialogs' changes are gone.
      <DialogArea
        key={tab.id}
        className={`min-h-0 flex-1 flex-col ${tab.id === activeId ? "flex" : "hidden"}`}
        isActive={tab.id === activeId}
        onUnsavedChange={(unsaved) => onUnsavedChange(tab.id, unsaved)}
      >
        <Activity mode={tab.id === activeId ? "visible" : "hidden"}>
          <TabContent tab={tab} onToggleQuickFilters={onToggleQuickFilters} />
        </Activity>
      </DialogArea>
    ));
}
