import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { toZipSearchValue } from "../../../lib/zip-search-param.ts";
import { areasQuery } from "../api/get-areas.ts";

/**
 * The ZIP codes with the most listed homes, as links: where to look when the visitor has no ZIP
 * code in mind or the one they tried has nothing. Shows nothing while loading or on failure; the
 * search form above still works.
 */
export function AreaSuggestions({ heading }: { heading: string }) {
  const query = useQuery(areasQuery());
  const areas = query.data?.areas ?? [];
  if (areas.length === 0) return null;
  return (
    <nav aria-label={heading} className="mt-8">
      <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-300">{heading}</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {areas.map((a) => (
          <li key={a.zipcode}>
            <Link
              to="/properties"
              search={{ zipCode: toZipSearchValue(a.zipcode) }}
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm outline-none hover:border-brand-600 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:hover:text-brand-500"
            >
              {a.city}, {a.state.state_name} {a.zipcode}
              <span className="text-slate-500 dark:text-slate-400">
                · {a.listings} {a.listings === 1 ? "home" : "homes"}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
