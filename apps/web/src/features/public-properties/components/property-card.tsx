import { type PublicPropertyListing, publicPropertyMessages } from "@keyholder/contracts/public-properties";
import { Link } from "@tanstack/react-router";
import { availableText, bedroomsText, parkingText, rentText, squareFeetText } from "../utils/listing-format.ts";

/** Spec section 9: distances in miles to one decimal. */
export const formatMiles = (miles: number) => `${miles.toFixed(1)} ${miles.toFixed(1) === "1.0" ? "mile" : "miles"}`;

const addressText = (p: PublicPropertyListing) =>
  `${p.address.address_line_1}, ${p.address.city}, ${p.address.state.state_name} ${p.address.zipcode}`;

/** A search result: the cover photo and what a home seeker decides on, the whole card a link. */
export function PropertyCard({ property: p }: { property: PublicPropertyListing }) {
  const available = availableText(p.available_units);
  const facts = [bedroomsText(p.bedrooms), squareFeetText(p.square_feet), parkingText(p.parking_spots), p.pets].filter(
    (f): f is string => f !== null,
  );
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
          className="flex aspect-[3/2] w-full items-center justify-center bg-slate-100 text-sm text-slate-500 dark:bg-slate-800 dark:text-slate-400"
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
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{addressText(p)}</p>
        <p className="mt-3 text-lg font-semibold text-slate-900 dark:text-slate-50">
          {rentText(p.rent) ?? (
            <span className="text-sm font-normal text-slate-600 dark:text-slate-400">Rent on request</span>
          )}
        </p>
        {facts.length ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{facts.join(" · ")}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4 text-sm">
          <span
            className={
              available
                ? "font-medium text-emerald-800 dark:text-emerald-300"
                : "font-medium text-slate-600 dark:text-slate-400"
            }
          >
            {available ?? publicPropertyMessages.noVacancy}
          </span>
          <span className="font-medium text-slate-800 dark:text-slate-200">
            <span className="sr-only">Distance: </span>
            {formatMiles(p.distance_miles)} away
          </span>
        </div>
      </div>
    </article>
  );
}
