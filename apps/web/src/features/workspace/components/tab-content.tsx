import { Suspense } from "react";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { entryKey, tableEntries } from "../table-registry.ts";
import type { Tab } from "../tabs-state.ts";

/** A table when the entry maps to one and it is built; otherwise a clear note naming the module. */
export function TabContent({ tab, onToggleQuickFilters }: { tab: Tab; onToggleQuickFilters(): void }) {
  const entry = tableEntries[entryKey(tab.category, tab.originalItemName)];
  const Table = entry?.component;
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
          quickFiltersVisible={tab.quickFiltersVisible}
          onToggleQuickFilters={onToggleQuickFilters}
        />
      </Suspense>
    );
  const module = entry?.module ?? `${tab.category}: ${tab.originalItemName}`;
  return (
    <section aria-label={tab.title} className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center">
      <h2 className="text-lg font-semibold text-slate-800 dark:text-slate-100">{module}</h2>
      <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">
        The {module} module is not available in this version of Keyholder yet. It will open here when it is.
      </p>
    </section>
  );
}
