import { type ReactNode, useState } from "react";
import { MAIN_CONTENT_ID, SkipLink } from "../../components/layout/skip-link.tsx";
import { AssistantDock } from "../../features/assistant/assistant-dock.tsx";
import { assistantPanel } from "../../features/assistant/assistant-seam.ts";
import { PublicFooter } from "../../features/public-site/components/public-footer.tsx";
import { PublicPageMeta } from "../../features/public-site/components/public-page-meta.tsx";
import { PublicHeader } from "./public-header.tsx";

/** Header, main region and footer of every signed-out page, the not-found page included. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const Assistant = assistantPanel();
  const [assistantOpen, setAssistantOpen] = useState(false);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <PublicPageMeta />
      <SkipLink />
      <PublicHeader
        assistant={Assistant ? { open: assistantOpen, toggle: () => setAssistantOpen((o) => !o) } : undefined}
      />
      <div className="flex flex-1">
        {/* tabIndex -1: the skip link's target must take focus, or the next Tab starts from the header again. */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 outline-none">
          {children}
        </main>
        <AssistantDock open={assistantOpen} onClose={() => setAssistantOpen(false)} scrolls />
      </div>
      <PublicFooter />
    </div>
  );
}
