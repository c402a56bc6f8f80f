import type { ReactNode } from "react";

/** The centred card of the login, password and waitlist pages. */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex justify-center px-4 py-12">
      <section
        aria-labelledby="auth-card-title"
        className={`w-full ${wide ? "max-w-4xl" : "max-w-md"} rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900`}
      >
        <h1 id="auth-card-title" className="mb-6 text-2xl font-bold tracking-tight">
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
