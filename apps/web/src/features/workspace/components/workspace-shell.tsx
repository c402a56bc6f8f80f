import { useState } from "react";
import { AccountDialog } from "../../account/components/account-dialog.tsx";
import { SettingsDialog } from "../../account/components/settings-dialog.tsx";
import { assistantPanel } from "../../assistant/assistant-seam.ts";
import { useAuth } from "../../auth/auth-context.tsx";
import { ProfilePictureDialog } from "../../profile-picture/components/profile-picture-dialog.tsx";
import { type OverviewTarget, PropertyOverviewDialog } from "../../properties/components/property-overview-dialog.tsx";
import { useTabs } from "../hooks/use-tabs.ts";
import { MenuSearch } from "./menu-search.tsx";
import { NavigationMenu } from "./navigation-menu.tsx";
import { Sidebar } from "./sidebar.tsx";
import { SubscriptionBanner } from "./subscription-banner.tsx";
import { TabContent } from "./tab-content.tsx";
import { TabStrip } from "./tab-strip.tsx";
import { WorkspaceHeader } from "./workspace-header.tsx";

type Panel = "account" | "settings" | "picture";

/** The workspace: header, menu, action sidebar, tabs and the active tab's content. */
export function WorkspaceShell() {
  const { session } = useAuth();
  const [state, dispatch] = useTabs(session?.user.id ?? 0);
  const [sidebarCollapsed, setSidebarCollapsed] = useState(true);
  // Several dialogs may be open at once; each is keyed by its id.
  const [panels, setPanels] = useState<ReadonlySet<Panel>>(new Set());
  const openPanel = (p: Panel) => setPanels((s) => new Set(s).add(p));
  const closePanel = (p: Panel) =>
    setPanels((s) => {
      const next = new Set(s);
      next.delete(p);
      return next;
    });
  const [property, setProperty] = useState<OverviewTarget | null>(null);
  const Assistant = assistantPanel();
  const [assistantOpen, setAssistantOpen] = useState(false);
  const open = (category: string, item: string) => dispatch({ type: "open", category, item });
  const active = state.tabs.find((t) => t.id === state.activeId);
  const toggleQuickFilters = () => active && dispatch({ type: "toggleQuickFilters", id: active.id });

  return (
    <div className="flex h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <WorkspaceHeader
        sidebarCollapsed={sidebarCollapsed}
        onToggleSidebar={() => setSidebarCollapsed((c) => !c)}
        onPickProperty={(p) => setProperty({ id: p.id, name: p.name, slug: p.property_slug })}
        onOpenPanel={openPanel}
        assistant={Assistant ? { open: assistantOpen, toggle: () => setAssistantOpen((o) => !o) } : undefined}
      />
      <SubscriptionBanner />
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-3 py-1.5 dark:border-slate-800 dark:bg-slate-900">
        <NavigationMenu onSelect={open} />
        <MenuSearch onSelect={open} />
      </div>
      <div className="flex min-h-0 flex-1">
        <Sidebar collapsed={sidebarCollapsed} activeId={state.activeId} onToggleQuickFilters={toggleQuickFilters} />
        <main className="flex min-w-0 flex-1 flex-col">
          <TabStrip tabs={state.tabs} activeId={state.activeId} dispatch={dispatch} />
          <div
            role="tabpanel"
            aria-label={active?.title ?? "Workspace"}
            className="flex min-h-0 flex-1 flex-col overflow-hidden"
          >
            {active ? (
              <TabContent key={active.id} tab={active} onToggleQuickFilters={toggleQuickFilters} />
            ) : (
              <p className="flex h-full items-center justify-center text-slate-500 dark:text-slate-400">
                Select an item from the menu to get started
              </p>
            )}
          </div>
        </main>
        {Assistant && assistantOpen ? <Assistant onClose={() => setAssistantOpen(false)} /> : null}
      </div>
      <AccountDialog isOpen={panels.has("account")} onClose={() => closePanel("account")} />
      <SettingsDialog isOpen={panels.has("settings")} onClose={() => closePanel("settings")} />
      <ProfilePictureDialog
        userId={session?.user.id ?? 0}
        isOpen={panels.has("picture")}
        onClose={() => closePanel("picture")}
      />
      <PropertyOverviewDialog property={property} onClose={() => setProperty(null)} />
    </div>
  );
}
