import type { ReactNode } from "react";
import { NA } from "../../lib/format.ts";

export type Fact = [label: string, value: ReactNode];

/** A record's values as label and value pairs, side by side on a wide screen, stacked on a phone; an empty value reads N/A. */
export function FactList({ items }: { items: Fact[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="mb-2 break-words whitespace-pre-line text-slate-900 sm:mb-0 dark:text-slate-100">
            {value === null || value === undefined || value === "" ? NA : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled group of a record's values (a tenant's contacts, a request's location). */
export function FactSection({ title, items }: { title: string; items: Fact[] }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">{title}</h3>
      <FactList items={items} />
    </section>
  );
}
