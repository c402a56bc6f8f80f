import type { ReactNode } from "react";

export interface KeyFigure {
  label: string;
  value: ReactNode;
  /** A short line under the value ("of 120 units"). */
  note?: ReactNode;
}

/** A report's key figures as tiles: read at a glance, two to a row on a phone. */
export function KeyFigures({ label, figures }: { label: string; figures: KeyFigure[] }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
      {figures.map((f) => (
        <div
          key={f.label}
          className="flex flex-col rounded-lg border border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
        >
          <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{f.label}</dt>
          <dd className="order-first text-lg font-semibold tabular-nums text-slate-900 dark:text-slate-50">
            {f.value}
          </dd>
          {f.note ? <dd className="text-xs text-slate-600 dark:text-slate-400">{f.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
