import type { ReactNode } from "react";

export const listingCell = "px-3 py-2 text-left";

/** A titled table of homes on a property's page; on a phone it scrolls sideways, by keyboard too. */
export function ListingTable({
  id,
  title,
  headers,
  children,
}: {
  id: string;
  title: string;
  headers: string[];
  children: ReactNode;
}) {
  return (
    <div className="mt-10">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <section
        aria-labelledby={id}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="mt-3 overflow-x-auto rounded-xl border border-slate-200 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-800"
      >
        <table className="w-full min-w-[32rem] text-sm">
          <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col" className={`${listingCell} font-semibold`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
        </table>
      </section>
    </div>
  );
}
