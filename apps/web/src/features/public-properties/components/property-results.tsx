import { type PublicPropertyList, publicPropertyMessages } from "@keyholder/contracts/public-properties";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { usePageMeta } from "../../../lib/document-title.ts";
import { toZipSearchValue } from "../../../lib/zip-search-param.ts";
import { propertiesNearQuery } from "../api/get-properties-near.ts";
import { type ListingFilters, listingSearchParamsOf } from "../utils/listing-filters.ts";
import { resultsPageMeta } from "../utils/listing-meta.ts";
import { AreaSuggestions } from "./area-suggestions.tsx";
import { ListingFiltersBar } from "./listing-filters-bar.tsx";
import { PropertyCard } from "./property-card.tsx";

const whole = new Intl.NumberFormat("en-US");

function headingOf(list: PublicPropertyList, zipcode: string, filters: ListingFilters) {
  if (list.total === 0) return publicPropertyMessages.noProperties;
  const what = filters.kind === "commercial" ? "commercial listing" : "home";
  const place = list.origin ? `${zipcode} (${list.origin.city}, ${list.origin.state_code})` : zipcode;
  return `${whole.format(list.total)} ${what}${list.total === 1 ? "" : "s"} within ${list.radius_miles} miles of ${place}`;
}

/** Listings near a (well-formed) ZIP code: the filters, the cards of one page and the pages. */
export function PropertyResults({
  zipcode,
  filters,
  onFilters,
}: {
  zipcode: string;
  filters: ListingFilters;
  onFilters(filters: ListingFilters): void;
}) {
  // The previous page stays on screen while the next loads, so the filters never jump away.
  const query = useQuery({ ...propertiesNearQuery(zipcode, filters), placeholderData: keepPreviousData });
  const bar = <ListingFiltersBar filters={filters} onFilters={onFilters} />;
  usePageMeta(query.data ? resultsPageMeta(zipcode, query.data) : undefined);

  if (query.isPending) {
    return (
      <>
        {bar}
        <Spinner label="Loading properties" className="mt-8" />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {bar}
        <div className="mt-8 flex flex-col items-start gap-3">
          <Alert>{publicPropertyMessages.loadFailed}</Alert>
          <Button variant="secondary" onPress={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </>
    );
  }
  const list = query.data;
  const pages = Math.max(1, Math.ceil(list.total / list.page_size));
  const filtered = filters.bedrooms !== undefined || filters.maxRent !== undefined || filters.kind !== "residential";
  return (
    <>
      {bar}
      <section aria-labelledby="results-heading" aria-busy={query.isPlaceholderData} className="mt-6">
        <h2 id="results-heading" aria-live="polite" className="text-lg font-semibold">
          {headingOf(list, zipcode, filters)}
        </h2>
        {list.total === 0 && filtered ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Some homes may be hidden by your filters.{" "}
            <button
              type="button"
              className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-500"
              onClick={() =>
                onFilters({ ...filters, bedrooms: undefined, maxRent: undefined, kind: "residential", page: 1 })
              }
            >
              Clear filters
            </button>
          </p>
        ) : null}
        {list.total === 0 && !filtered ? <AreaSuggestions heading="Areas with homes" /> : null}
        {list.properties.length > 0 ? (
          <ul
            className={`mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${query.isPlaceholderData ? "opacity-60" : ""}`}
          >
            {list.properties.map((p) => (
              <li key={p.id}>
                <PropertyCard property={p} />
              </li>
            ))}
          </ul>
        ) : list.total > 0 ? (
          <p className="mt-4 text-slate-600 dark:text-slate-400">This page is past the last result.</p>
        ) : null}
        {list.total > list.page_size || filters.page > 1 ? (
          <Pages zipcode={zipcode} filters={filters} pages={pages} />
        ) : null}
      </section>
    </>
  );
}

const pageLink =
  "rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 outline-none hover:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600 dark:text-slate-100";

/** Previous / Page N of M / Next, as real links (they work before the JavaScript runs). */
function Pages({ zipcode, filters, pages }: { zipcode: string; filters: ListingFilters; pages: number }) {
  const to = (page: number) => ({ zipCode: toZipSearchValue(zipcode), ...listingSearchParamsOf({ ...filters, page }) });
  const page = Math.min(filters.page, pages + 1);
  return (
    <nav aria-label="Result pages" className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to="/properties" search={to(Math.min(page - 1, pages))} className={pageLink} rel="prev">
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-slate-600 dark:text-slate-400" aria-current="page">
        Page {Math.min(page, pages)} of {pages}
      </span>
      {page < pages ? (
        <Link to="/properties" search={to(page + 1)} className={pageLink} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
