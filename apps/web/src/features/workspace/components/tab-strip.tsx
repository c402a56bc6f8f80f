import { type Dispatch, type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { Tab, TabsAction } from "../tabs-state.ts";
import { actionIcons } from "./sidebar.tsx";

const closeIcon = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5 fill-none stroke-current" strokeWidth="2.5">
    <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
  </svg>
);

/**
 * Bookmark-style tabs: click activates, × closes, drag reorders, double-click on the active tab
 * renames it (Enter commits, Escape reverts, an empty name keeps the old title). The tablist holds
 * only tabs (WAI-ARIA tabs pattern): one Tab stop, Left/Right/Home/End move between tabs, Enter
 * activates, Delete closes, F2 renames, Alt+Left/Right reorders. The × on each tab is for the
 * pointer; keyboard and screen-reader users have Delete and the Close button after the tablist.
 */
export function TabStrip({
  tabs,
  activeId,
  dispatch,
  onAllClosed,
}: {
  tabs: Tab[];
  activeId: string | null;
  dispatch: Dispatch<TabsAction>;
  /** Focus has nowhere to go in the strip once the last tab is closed from the keyboard. */
  onAllClosed(): void;
}) {
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const active = tabs.find((t) => t.id === activeId);
  // The one tab in the Tab order: the one last focused if it is still open, else the active one.
  const tabStop = tabs.some((t) => t.id === focusTarget) ? focusTarget : activeId;

  // After a keyboard close, focus goes to the tab that is now active (counted, so each close is seen once).
  const [keyboardCloses, setKeyboardCloses] = useState(0);
  const handledCloses = useRef(0);
  useEffect(() => {
    if (keyboardCloses === handledCloses.current) return;
    handledCloses.current = keyboardCloses;
    if (activeId) buttons.current.get(activeId)?.focus();
    else onAllClosed();
  }, [keyboardCloses, activeId, onAllClosed]);
  // A tab opened or activated off the strip's visible part is scrolled into view.
  useEffect(() => {
    if (activeId) buttons.current.get(activeId)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [activeId]);
  // After a rename is committed or cancelled, focus goes back to the tab from its name box.
  const [renamed, setRenamed] = useState<string | null>(null);
  useEffect(() => {
    if (!renamed) return;
    buttons.current.get(renamed)?.focus();
    setRenamed(null);
  }, [renamed]);

  function close(id: string, fromKeyboard: boolean) {
    dispatch({ type: "close", id });
    if (!fromKeyboard) return;
    setFocusTarget(null);
    setKeyboardCloses((n) => n + 1);
  }

  function focusTab(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setFocusTarget(tab.id);
    buttons.current.get(tab.id)?.focus();
  }

  function onTabKey(e: KeyboardEvent, tab: Tab, index: number) {
    const isActive = tab.id === activeId;
    if (e.altKey && (e.key === "ArrowLeft" || e.key === "ArrowRight")) {
      dispatch({ type: "move", id: tab.id, toIndex: index + (e.key === "ArrowLeft" ? -1 : 1) });
    } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") focusTab(index + (e.key === "ArrowLeft" ? -1 : 1));
    else if (e.key === "Home") focusTab(0);
    else if (e.key === "End") focusTab(tabs.length - 1);
    else if (e.key === "Delete") close(tab.id, true);
    else if (e.key === "F2" && isActive) setEditing({ id: tab.id, text: tab.title });
    else return;
    e.preventDefault();
  }

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
                  : "border-transparent bg-slate-200/70 text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300"
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
                      setRenamed(tab.id);
                    } else if (e.key === "Escape") {
                      // Escape here reverts the name; it must not also close a dialog or menu.
                      e.stopPropagation();
                      setEditing(null);
                      setRenamed(tab.id);
                    }
                  }}
                  onBlur={() => setEditing(null)}
                  className="w-32 rounded border border-brand-600 px-1 text-sm font-normal outline-none dark:bg-slate-900"
                />
              ) : (
                <button
                  ref={(el) => {
                    if (el) buttons.current.set(tab.id, el);
                    else buttons.current.delete(tab.id);
                  }}
                  type="button"
                  role="tab"
                  aria-selected={isActive}
                  aria-keyshortcuts={isActive ? "Delete F2" : "Delete"}
                  tabIndex={tab.id === tabStop ? 0 : -1}
                  title={isActive ? "Double-click or press F2 to rename" : tab.title}
                  onFocus={() => setFocusTarget(tab.id)}
                  onClick={() => dispatch({ type: "activate", id: tab.id })}
                  onDoubleClick={() => isActive && setEditing({ id: tab.id, text: tab.title })}
                  onKeyDown={(e) => onTabKey(e, tab, index)}
                  className="truncate rounded outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  {tab.title}
                </button>
              )}
              {/* For the pointer only: the tablist must hold nothing but tabs (Delete and the Close button serve the keyboard). */}
              <button
                type="button"
                aria-hidden="true"
                tabIndex={-1}
                title={`Close ${tab.title}`}
                onClick={() => close(tab.id, false)}
                className="rounded p-0.5 text-slate-500 outline-none hover:bg-slate-300 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-white"
              >
                {closeIcon}
              </button>
            </div>
          );
        })}
      </div>
      {active ? (
        <>
          <button
            type="button"
            aria-pressed={active.quickFiltersVisible}
            onClick={() => dispatch({ type: "toggleQuickFilters", id: active.id })}
            className="mb-1 flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-700 outline-none hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-3.5 w-3.5 fill-none stroke-current sm:hidden"
              strokeWidth="2.5"
            >
              <path d={actionIcons.quickFilter} strokeLinecap="round" />
            </svg>
            {/* Words where there is room; on a phone the icon leaves the tabs their width. */}
            <span className="sr-only sm:not-sr-only">
              {active.quickFiltersVisible ? "Hide quick filters" : "Show quick filters"}
            </span>
          </button>
          <button
            type="button"
            aria-keyshortcuts="Delete"
            onClick={() => close(active.id, true)}
            className="mb-1 flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-700 outline-none hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {closeIcon}
            <span className="sr-only sm:not-sr-only">Close</span>
            <span className="sr-only"> {active.title}</span>
          </button>
        </>
      ) : null}
    </div>
  );
}
