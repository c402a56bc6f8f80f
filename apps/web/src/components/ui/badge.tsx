import type { ReactNode } from "react";

const tones = {
  positive: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
  neutral: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
  info: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  danger: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
} as const;

/** A short status word in a grid cell (Active, Occupied), coloured by its tone in both themes. */
export function Badge({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}
