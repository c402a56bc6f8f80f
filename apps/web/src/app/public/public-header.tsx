import { Link } from "@tanstack/react-router";
import { Wordmark } from "../../components/layout/wordmark.tsx";
import { AssistantToggle } from "../../features/assistant/assistant-toggle.tsx";
import { PublicUserMenu } from "../../features/public-site/components/public-user-menu.tsx";
import { ZipSearch } from "../../features/public-site/components/zip-search.tsx";
import { useAuth } from "../../lib/auth/auth-context.tsx";

const linkButton =
  "rounded-lg px-2 py-1.5 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:px-3";

/** `assistant`: present once an assistant panel is registered (features/assistant/assistant-seam.ts). */
export function PublicHeader({ assistant }: { assistant?: { open: boolean; toggle(): void } | undefined }) {
  const { isAuthenticated } = useAuth();
  return (
    <header className="sticky top-0 z-10 h-14 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-6xl items-center justify-between gap-3 px-4">
        <Wordmark />
        <div className="flex min-w-0 flex-1 justify-center">
          <ZipSearch />
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {assistant ? <AssistantToggle open={assistant.open} onToggle={assistant.toggle} /> : null}
          {isAuthenticated ? (
            <PublicUserMenu />
          ) : (
            <>
              <Link
                to="/login"
                className={`${linkButton} text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800`}
              >
                Log in
              </Link>
              <Link to="/sign-up" className={`${linkButton} bg-brand-700 text-white hover:bg-brand-800`}>
                Sign Up
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
