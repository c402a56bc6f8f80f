import type { ReactNode } from "react";
import { MAIN_CONTENT_ID, SkipLink } from "../../../components/layout/skip-link.tsx";
import { PublicFooter } from "./public-footer.tsx";
import { PublicHeader } from "./public-header.tsx";

/** Header, main region and footer of every signed-out page, the not-found page included. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <PublicHeader />
      {/* tabIndex -1: the skip link's target must take focus, or the next Tab starts from the header again. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
