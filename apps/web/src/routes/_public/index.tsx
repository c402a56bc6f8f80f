import { createFileRoute, Link, redirect } from "@tanstack/react-router";
import { useDocumentTitle } from "../../lib/document-title.ts";

export const Route = createFileRoute("/_public/")({
  staticData: { serverRender: true },
  beforeLoad: ({ context }) => {
    if (context.auth.get().isAuthenticated) throw redirect({ to: "/workspace" });
  },
  component: Landing,
});

const points = [
  ["Every property in one place", "Properties, buildings, floor plans, units and zones, with occupancy at a glance."],
  ["Built for teams", "Invite staff, approve them, and keep each organization's data strictly its own."],
  ["Fast at any size", "Grids that stay quick from ten units to a million."],
] as const;

function Landing() {
  useDocumentTitle("Property management");
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
      <section className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-500">
          Property management
        </p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">Welcome to Keyholder</h1>
        <p className="mt-5 text-lg text-slate-600 dark:text-slate-300">
          The workspace for landlords and property managers: your portfolio, your units and your team, organized and
          always up to date.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/sign-up"
            className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Get started
          </Link>
          <Link
            to="/login"
            className="rounded-lg px-5 py-2.5 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-white dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800"
          >
            Log in
          </Link>
        </div>
      </section>
      <section aria-label="Why Keyholder" className="mt-16 grid gap-6 sm:grid-cols-3">
        {points.map(([title, text]) => (
          <div
            key={title}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 className="font-semibold">{title}</h2>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{text}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
