import type { PropertySearchResult } from "@keyholder/contracts/property-search";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { Wordmark } from "../../components/layout/wordmark.tsx";
import { AssistantToggle } from "../../features/assistant/assistant-toggle.tsx";
import { NoticeBell } from "../../features/notices/components/notice-bell.tsx";
import { PropertySearch } from "../../features/workspace/components/property-search.tsx";
import { useAuth } from "../../lib/auth/auth-context.tsx";
import { UserMenu, type WorkspacePanel } from "./user-menu.tsx";

/** The 56 px signed-in header: sidebar toggle, brand, property search (Ctrl+S), notices, user menu. */
export function WorkspaceHeader({
  onToggleSidebar,
  sidebarCollapsed,
  onPickProperty,
  onOpenPanel,
  assistant,
}: {
  onToggleSidebar(): void;
  sidebarCollapsed: boolean;
  onPickProperty(p: PropertySearchResult): void;
  onOpenPanel(panel: WorkspacePanel): void;
  /** Present only when an assistant panel is registered (features/assistant/assistant-seam.ts). */
  assistant?: { open: boolean; toggle(): void };
}) {
  const { session } = useAuth();
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        search.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:gap-3 dark:border-slate-800 dark:bg-slate-900">
      <button
        type="button"
        aria-label={sidebarCollapsed ? "Expand sidebar" : "Collapse sidebar"}
        aria-expanded={!sidebarCollapsed}
        onClick={onToggleSidebar}
        className="rounded-md p-1.5 text-slate-600 outline-none hover:bg-slate-100 sm:p-2 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </button>
      <Wordmark />
      <div className="flex flex-1 justify-center">
        <PropertySearch ref={search} onPick={onPickProperty} />
      </div>
      {assistant ? <AssistantToggle open={assistant.open} onToggle={assistant.toggle} /> : null}
      {session?.user.is_operator ? (
        <Link to="/operator" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500">
          Waitlist review
        </Link>
      ) : null}
      <NoticeBell />
      <UserMenu onOpen={onOpenPanel} />
    </header>
  );
}
