import type { ReactNode } from "react";

/**
 * A file the server makes (a report's CSV, the 1099s), downloaded with the session cookie: a real
 * link, so it opens by keyboard and the browser saves it; styled as a secondary button.
 */
export function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      className="inline-flex items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600 dark:text-slate-100"
      href={href}
      download
    >
      {children}
    </a>
  );
}
