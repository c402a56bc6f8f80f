import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MAIN_CONTENT_ID, SkipLink } from "../../components/layout/skip-link.tsx";
import { DialogAreaProvider, DialogLayer } from "../../components/ui/dialog-area.tsx";
import { AccountDialog } from "../../features/account/components/account-dialog.tsx";
import { SettingsDialog } from "../../features/account/components/settings-dialog.tsx";
import { AssistantDock } from "../../features/assistant/assistant-dock.tsx";
import { assistantPanel } from "../../features/assistant/assistant-seam.ts";
import { ProfilePictureDialog } from "../../features/profile-picture/components/profile-picture-dialog.tsx";
import {
  type OverviewTarget,
  PropertyOverviewDialog,
} from "../../features/properties/components/property-overview-dialog.tsx";
import { PendingApprovals } from "../../features/staff/components/pending-approvals.tsx";
import { EmptyWorkspace } from "../../features/workspace/components/empty-workspace.tsx";
import { KeyboardShortcutsDialog } from "../../features/workspace/components/keyboard-shortcuts-dialog.tsx";
import { Sidebar } from "../../features/workspace/components/sidebar.tsx";
import { SubscriptionBanner } from "../../features/workspace/components/subscription-banner.tsx";
import { TabStrip } from "../../features/workspace/components/tab-strip.tsx";
import type { GetStartedPlace } from "../../features/workspace/get-started-steps.ts";
import { useFocusOpenedTab } from "../../features/workspace/hooks/use-focus-opened-tab.ts";
import { useHelpKey } from "../../features/workspace/hooks/use-help-key.ts";
import { useTabs } from "../../features/workspace/hooks/use-tabs.ts";
import { useUnsavedTabs } from "../../features/workspace/hooks/use-unsaved-tabs.tsx";
import { runWhenRegistered } from "../../features/workspace/run-when-registered.ts";
import { tabId } from "../../features/workspace/tabs-state.ts";
import { useAuth, useCan } from "../../lib/auth/auth-context.tsx";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { type InPlaceRecords, InPlaceRecordsContext } from "../../lib/in-place-records.ts";
import { UnsavedChangesContext } from "../../lib/unsaved-changes.ts";
import { onWorkspaceRequest } from "../../lib/workspace-requests.ts";
import { CompactMenu } from "./compact-menu.tsx";
import { MenuSearch } from "./menu-search.tsx";
import { NavigationMenu } from "./navigation-menu.tsx";
import { TabContents } from "./tab-content.tsx";
import { entryRecords, isBuilt } from "./table-registry.ts";
import { useOpenFromAddress } from "./use-open-from-address.ts";
import { useReportFromAddress } from "./use-report-from-address.ts";
import type { WorkspacePanel as Panel } from "./user-menu.tsx";
import { WorkspaceHeader } from "./workspace-header.tsx";

/** The workspace: header, menu, action sidebar, tabs and the active tab's content. */
/** The table each Get started step opens. */
const STEP_TABLES: Record<GetStartedPlace, [string, string]> = {
  addProperty: ["Property", "All Properties"],
  properties: ["Property", "All Properties"],
  addBuilding: ["Building", "All Buildings"],
  addStaff: ["Users", "Staff"],
};

export function WorkspaceShell() {
  const { session } = useAuth();
  const userId = session?.user.id ?? 0;
  const [state, dispatchTabs] = useTabs(userId);
  // Closing a tab whose dialogs hold unsaved changes asks first.
  const unsaved = useUnsavedTabs(state.tabs, dispatchTabs);
  const { dispatch } = unsaved;
  const [sidebarCollapsed, setSidebarCollapsed] = useState(true);
  // Several dialogs may be open at once; each is keyed by its id.
  const [panels, setPanels] = useState<ReadonlySet<Panel>>(new Set());
  const openPanel = useCallback((p: Panel) => setPanels((s) => new Set(s).add(p)), []);
  useHelpKey(useCallback(() => openPanel("shortcuts"), [openPanel]));
  const closePanel = (p: Panel) =>
    setPanels((s) => {
      const next = new Set(s);
      next.delete(p);
      return next;
    });
  const [property, setProperty] = useState<OverviewTarget | null>(null);
  const Assistant = assistantPanel();
  const [assistantOpen, setAssistantOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const focusOpenedTab = useFocusOpenedTab(main);
  const focusPanel = useCallback(() => main.current?.querySelector<HTMLElement>('[role="tabpanel"]')?.focus(), []);
  const open = (category: string, item: string) => {
    dispatch({ type: "open", category, item });
    focusOpenedTab({ grid: isBuilt(category, item) });
  };
  // The Get started checklist's ways in: a table, and its Add dialog (which takes focus) where the step adds.
  const openForStep = (place: GetStartedPlace) => {
    const now = Date.now();
    const [category, item] = STEP_TABLES[place];
    dispatch({ type: "open", category, item, now });
    if (place === "properties") focusOpenedTab({ grid: true });
    else runWhenRegistered(tabId(category, item, now), "add");
  };
  // "Add building" and the like from a related record: that table's tab (the one open, else a new
  // one), then its Add dialog already linked, or one record's View.
  const tabs = useRef(state.tabs);
  tabs.current = state.tabs;
  useEffect(
    () =>
      onWorkspaceRequest((request) => {
        const { category, item } = request;
        const open = tabs.current.find((t) => t.category === category && t.originalItemName === item);
        const now = Date.now();
        if (open) dispatch({ type: "activate", id: open.id });
        else dispatch({ type: "open", category, item, now });
        const id = open?.id ?? tabId(category, item, now);
        // Filters set for the user are shown where they can be read and cleared.
        if (request.action === "filter" && Object.keys(request.filters).length)
          dispatch({ type: "showQuickFilters", id });
        runWhenRegistered(id, request);
      }),
    [dispatch],
  );
  useOpenFromAddress();
  useReportFromAddress();
  const active = state.tabs.find((t) => t.id === state.activeId);
  useDocumentTitle(active?.title ?? "Workspace");
  const toggleQuickFilters = () => active && dispatch({ type: "toggleQuickFilters", id: active.id });
  // The workspace's own dialogs (Account, Settings...) open below the tab strip, never over it.
  const [dialogLayer, setDialogLayer] = useState<HTMLDivElement | null>(null);
  // A property's editor adds and opens its buildings, units... in place, with these tables' dialogs.
  const can = useCan();
  const inPlace = useMemo<InPlaceRecords>(
    () => ({ dialogsOf: (table) => entryRecords(table.category, table.item), can }),
    [can],
  );

  return (
    <InPlaceRecordsContext.Provider value={inPlace}>
      <UnsavedChangesContext.Provider value={unsaved.report}>
        <DialogAreaProvider layer={dialogLayer}>
          <div className="flex h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
            <SkipLink />
            <WorkspaceHeader
              sidebarCollapsed={sidebarCollapsed}
              onToggleSidebar={() => setSidebarCollapsed((c) => !c)}
              onPickProperty={(p) => setProperty({ id: p.id, name: p.name, slug: p.property_slug })}
              onOpenPanel={openPanel}
              assistant={Assistant ? { open: assistantOpen, toggle: () => setAssistantOpen((o) => !o) } : undefined}
            />
            <SubscriptionBanner />
            <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-3 py-1.5 dark:border-slate-800 dark:bg-slate-900">
              {/* Eleven categories fit in one line from lg up; below that they are one Menu button. */}
              <div className="hidden lg:block">
                <NavigationMenu onSelect={open} />
              </div>
              <div className="lg:hidden">
                <CompactMenu onSelect={open} />
              </div>
              <MenuSearch onSelect={open} />
            </div>
            <div className="flex min-h-0 flex-1">
              <Sidebar collapsed={sidebarCollapsed} activeId={state.activeId} onToggleQuickFilters={toggleQuickFilters}>
                <PendingApprovals collapsed={sidebarCollapsed} />
              </Sidebar>
              <main ref={main} id={MAIN_CONTENT_ID} tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
                {/* The page's one h1: route changes focus and announce it; tabs and dialogs use h2. */}
                <h1 tabIndex={-1} className="sr-only">
                  Workspace
                </h1>
                <TabStrip tabs={state.tabs} activeId={state.activeId} dispatch={dispatch} onAllClosed={focusPanel} />
                <div
                  role="tabpanel"
                  aria-label={active?.title ?? "Workspace"}
                  tabIndex={-1}
                  className="relative flex min-h-0 flex-1 flex-col overflow-hidden"
                >
                  <TabContents
                    tabs={state.tabs}
                    activeId={state.activeId}
                    onToggleQuickFilters={toggleQuickFilters}
                    onUnsavedChange={unsaved.onUnsavedChange}
                  />
                  {active ? null : <EmptyWorkspace key={userId} userId={userId} onOpen={openForStep} />}
                  <DialogLayer ref={setDialogLayer} />
                </div>
              </main>
              <AssistantDock open={assistantOpen} onClose={() => setAssistantOpen(false)} scrolls={false} />
            </div>
            <AccountDialog isOpen={panels.has("account")} onClose={() => closePanel("account")} />
            <SettingsDialog isOpen={panels.has("settings")} onClose={() => closePanel("settings")} />
            <ProfilePictureDialog
              userId={userId}
              hasPicture={session?.user.has_profile_picture ?? false}
              isOpen={panels.has("picture")}
              onClose={() => closePanel("picture")}
            />
            <PropertyOverviewDialog property={property} onClose={() => setProperty(null)} />
            <KeyboardShortcutsDialog isOpen={panels.has("shortcuts")} onClose={() => closePanel("shortcuts")} />
          </div>
          {unsaved.question}
        </DialogAreaProvider>
      </UnsavedChangesContext.Provider>
    </InPlaceRecordsContext.Provider>
  );
}
