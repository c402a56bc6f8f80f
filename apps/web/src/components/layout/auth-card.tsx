import type { ReactNode } from "react";

/** The centred card of the login, sign-up, password, terms and waitlist pages; its title is the page's one h1. */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex justify-center px-3 py-4 sm:px-4 sm:py-12">
      <section
        aria-labelledby="auth-card-title"
        className={`w-full min-w-0 ${wide ? "max-w-4xl" : "max-w-md"} rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900`}
      >
        <h1 id="auth-card-title" className="mb-4 text-2xl font-bold tracking-tight sm:mb-6">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
