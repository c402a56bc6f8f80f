import {
  PUBLIC_SEARCH_RADIUS_MILES,
  type PublicPropertyListing,
  publicPropertyMessages,
} from "@keyholder/contracts/public-properties";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { propertiesNearQuery } from "../api/get-properties-near.ts";
import { AreaSuggestions } from "./area-suggestions.tsx";

/** Spec section 9: distances in miles to one decimal. */
export const formatMiles = (miles: number) => `${miles.toFixed(1)} ${miles.toFixed(1) === "1.0" ? "mile" : "miles"}`;

const addressText = (p: PublicPropertyListing) =>
  `${p.address.address_line_1}, ${p.address.city}, ${p.address.state.state_name} ${p.address.zipcode}`;

/** Properties near a (well-formed) ZIP code, nearest first. */
export function PropertyResults({ zipcode }: { zipcode: string }) {
  const query = useQuery(propertiesNearQuery(zipcode));

  if (query.isPending) return <Spinner label="Loading properties" className="mt-8" />;
  if (query.isError) {
    return (
      <div className="mt-8 flex flex-col items-start gap-3">
        <Alert>{publicPropertyMessages.loadFailed}</Alert>
        <Button variant="secondary" onPress={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { properties } = query.data;
  return (
    <section aria-labelledby="results-heading" className="mt-8">
      <h2 id="results-heading" aria-live="polite" className="text-lg font-semibold">
        {properties.length === 0
          ? publicPropertyMessages.noProperties
          : `${properties.length} ${properties.length === 1 ? "property" : "properties"} within ${PUBLIC_SEARCH_RADIUS_MILES} miles of ${zipcode}`}
      </h2>
      {properties.length === 0 ? <AreaSuggestions heading="Areas with homes" /> : null}
      {properties.length > 0 ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {properties.map((p) => (
            <li key={p.id}>
              <PropertyCard property={p} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function PropertyCard({ property: p }: { property: PublicPropertyListing }) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-500 hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      {p.cover_image ? (
        // Decorative here: the card's text says what it shows, and the property page has the gallery.
        <img
          src={p.cover_image.url}
          alt=""
          loading="lazy"
          decoding="async"
          className="aspect-[3/2] w-full bg-slate-100 object-cover dark:bg-slate-800"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex aspect-[3/2] w-full items-center justify-center bg-slate-100 text-sm text-slate-400 dark:bg-slate-800"
        >
          No photo yet
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-500">
          {p.property_type.name}
        </p>
        <h3 className="mt-1 text-lg font-semibold">
          {p.property_slug ? (
            // The link covers the whole card (after:inset-0) while the name stays its accessible text.
            <Link
              to="/properties/$slug"
              params={{ slug: p.property_slug }}
              className="outline-none after:absolute after:inset-0 after:rounded-xl hover:underline"
            >
              {p.name}
            </Link>
          ) : (
            p.name
          )}
        </h3>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{addressText(p)}</p>
        <p className="mt-auto pt-4 text-sm font-medium text-slate-800 dark:text-slate-200">
          <span className="sr-only">Distance: </span>
          {formatMiles(p.distance_miles)} away
        </p>
      </div>
    </article>
  );
}
