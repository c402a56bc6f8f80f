import { type ReactNode, Suspense, useState } from "react";
import { MAIN_CONTENT_ID, SkipLink } from "../../../components/layout/skip-link.tsx";
import { assistantPanel } from "../../assistant/assistant-seam.ts";
import { PublicFooter } from "./public-footer.tsx";
import { PublicHeader } from "./public-header.tsx";

/** Header, main region and footer of every signed-out page, the not-found page included. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const Assistant = assistantPanel();
  const [assistantOpen, setAssistantOpen] = useState(false);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <PublicHeader
        assistant={Assistant ? { open: assistantOpen, toggle: () => setAssistantOpen((o) => !o) } : undefined}
      />
      <div className="flex flex-1">
        {/* tabIndex -1: the skip link's target must take focus, or the next Tab starts from the header again. */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 outline-none">
          {children}
        </main>
        {Assistant && assistantOpen ? (
          // Below the header, over the page on a phone and beside it from md up.
          <div className="fixed inset-x-0 top-14 bottom-0 z-20 flex justify-end md:sticky md:inset-x-auto md:h-[calc(100vh-3.5rem)]">
            <Suspense fallback={null}>
              <Assistant onClose={() => setAssistantOpen(false)} />
            </Suspense>
          </div>
        ) : null}
      </div>
      <PublicFooter />
    </div>
  );
}
