import { type Dispatch, useState } from "react";
import type { Tab, TabsAction } from "../tabs-state.ts";

/**
 * Bookmark-style tabs: click activates, × closes, drag reorders, double-click on the active tab
 * renames it (Enter commits, Escape reverts, an empty name keeps the old title).
 */
export function TabStrip({
  tabs,
  activeId,
  dispatch,
}: {
  tabs: Tab[];
  activeId: string | null;
  dispatch: Dispatch<TabsAction>;
}) {
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const active = tabs.find((t) => t.id === activeId);

  return (
    <div className="flex items-end gap-1 border-b border-slate-200 bg-slate-100 px-2 pt-2 dark:border-slate-800 dark:bg-slate-900">
      <div role="tablist" aria-label="Open tabs" className="flex min-w-0 flex-1 items-end gap-1 overflow-x-auto">
        {tabs.map((tab, index) => {
          const isActive = tab.id === activeId;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer shortcut; keyboard users reorder with Alt+Arrow keys on the tab
            <div
              key={tab.id}
              draggable={editing?.id !== tab.id}
              onDragStart={(e) => {
                setDragged(tab.id);
                e.dataTransfer.effectAllowed = "move";
                e.dataTransfer.setData("text/plain", tab.id);
              }}
              onDragOver={(e) => {
                if (dragged) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragged && dragged !== tab.id) dispatch({ type: "move", id: dragged, toIndex: index });
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className={`group flex max-w-56 shrink-0 items-center gap-1 rounded-t-lg border border-b-0 px-3 py-1.5 text-sm ${
                isActive
                  ? "border-slate-200 bg-white font-semibold text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
                  : "border-transparent bg-slate-200/70 text-slate-600 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300"
              } ${dragged === tab.id ? "opacity-50" : ""}`}
            >
              {editing?.id === tab.id ? (
                <input
                  aria-label="Tab name"
                  // biome-ignore lint/a11y/noAutofocus: the user asked to rename this tab by double-clicking it
                  autoFocus
                  value={editing.text}
                  onChange={(e) => setEditing({ id: tab.id, text: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === "Enter") {
                      dispatch({ type: "rename", id: tab.id, title: editing.text });
                      setEditing(null);
                    } else if (e.key === "Escape") {
                      setEditing(null);
                    }
                  }}
                  onBlur={() => setEditing(null)}
                  className="w-32 rounded border border-brand-600 px-1 text-sm font-normal outline-none dark:bg-slate-900"
                />
              ) : (
                <button
                  type="button"
                  role="tab"
                  aria-selected={isActive}
                  title={isActive ? "Double-click to rename" : tab.title}
                  onClick={() => dispatch({ type: "activate", id: tab.id })}
                  onDoubleClick={() => isActive && setEditing({ id: tab.id, text: tab.title })}
                  onKeyDown={(e) => {
                    if (e.key === "F2" && isActive) setEditing({ id: tab.id, text: tab.title });
                    if (e.altKey && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
                      e.preventDefault();
                      dispatch({ type: "move", id: tab.id, toIndex: index + (e.key === "ArrowLeft" ? -1 : 1) });
                    }
                  }}
                  className="truncate rounded outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  {tab.title}
                </button>
              )}
              <button
                type="button"
                aria-label={`Close ${tab.title}`}
                onClick={() => dispatch({ type: "close", id: tab.id })}
                className="rounded px-1 text-slate-400 outline-none hover:bg-slate-300 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-700"
              >
                ×
              </button>
            </div>
          );
        })}
      </div>
      {active ? (
        <button
          type="button"
          aria-pressed={active.quickFiltersVisible}
          onClick={() => dispatch({ type: "toggleQuickFilters", id: active.id })}
          className="mb-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 outline-none hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          {active.quickFiltersVisible ? "Hide quick filters" : "Show quick filters"}
        </button>
      ) : null}
    </div>
  );
}
