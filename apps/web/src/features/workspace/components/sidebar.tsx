import { type ReactNode, useSyncExternalStore } from "react";
import { Button, Tooltip, TooltipTrigger } from "react-aria-components";
import { handlersOf, type SidebarAction, sidebarActions, subscribeTabHandlers } from "../../../lib/tab-handlers.ts";

const labels: Record<SidebarAction, string> = {
  quickFilter: "Quick Filter",
  filter: "Filter",
  add: "Add",
  edit: "Edit",
  export: "Export",
  history: "History",
  delete: "Delete",
};

export const actionIcons: Record<SidebarAction, string> = {
  quickFilter: "M4 6h16M7 12h10M10 18h4",
  filter: "M3 5h18l-7 8v6l-4 2v-8L3 5z",
  add: "M12 5v14M5 12h14",
  edit: "M4 20h4L19 9l-4-4L4 16v4z",
  export: "M12 3v12m0 0l-4-4m4 4l4-4M5 21h14",
  history: "M12 8v4l3 2M3 12a9 9 0 1 0 3-6.7L3 8m0-5v5h5",
  delete: "M5 7h14M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3",
};

/**
 * The action bar (collapsed by default: icons with tooltips and accessible names). Actions go to
 * the active tab's handlers; Quick Filter toggles the tab's filter row when the tab has no handler.
 * Below them, what waits for the user whatever the tab (`children`: pending approvals).
 */
export function Sidebar({
  collapsed,
  activeId,
  onToggleQuickFilters,
  children,
}: {
  collapsed: boolean;
  activeId: string | null;
  onToggleQuickFilters(): void;
  children?: ReactNode;
}) {
  const handlers = useSyncExternalStore(subscribeTabHandlers, () => handlersOf(activeId));
  return (
    <div
      className={`flex shrink-0 flex-col gap-1 border-r border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900 ${collapsed ? "w-14" : "w-44"}`}
    >
      <nav aria-label="Actions" className="flex flex-col gap-1">
        {sidebarActions.map((action) => {
          const handler = handlers?.[action];
          const run = handler ?? (action === "quickFilter" ? onToggleQuickFilters : undefined);
          const button = (
            <Button
              key={action}
              aria-label={handlers?.denied?.[action] ? `${labels[action]}: ${handlers.denied[action]}` : labels[action]}
              isDisabled={!activeId || !run}
              onPress={() => run?.()}
              className="flex items-center gap-3 rounded-lg px-2.5 py-2 text-sm font-medium text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5 shrink-0 fill-none stroke-current"
                strokeWidth="2"
              >
                <path d={actionIcons[action]} strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {collapsed ? null : <span>{labels[action]}</span>}
            </Button>
          );
          return collapsed ? (
            <TooltipTrigger key={action} delay={300}>
              {button}
              <Tooltip placement="right" className="rounded bg-slate-900 px-2 py-1 text-xs text-white">
                {labels[action]}
              </Tooltip>
            </TooltipTrigger>
          ) : (
            button
          );
        })}
      </nav>
      {children}
    </div>
  );
}
