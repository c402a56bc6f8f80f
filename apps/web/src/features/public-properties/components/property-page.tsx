import { summarizeOpeningHours } from "@keyholder/contracts/opening-hours";
import { unitName } from "@keyholder/contracts/property-listing";
import { type PublicPropertyDetails, publicPropertyMessages } from "@keyholder/contracts/public-properties";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useDocumentTitle, usePageMeta } from "../../../lib/document-title.ts";
import { toZipSearchValue } from "../../../lib/zip-search-param.ts";
import { publicPropertyQuery } from "../api/get-public-property.ts";
import { publicLinkClass } from "../utils/link-class.ts";
import {
  availableText,
  bathroomsText,
  bedroomsOne,
  bedroomsText,
  moneyText,
  parkingText,
  rentText,
  sizeText,
  squareFeetText,
} from "../utils/listing-format.ts";
import { propertyPageMeta } from "../utils/listing-meta.ts";
import { ComingHomes } from "./coming-homes.tsx";
import { ImageCarousel } from "./image-carousel.tsx";
import { listingCell as cell, ListingTable } from "./listing-table.tsx";

/** /properties/{slug}: a listed property's photos, facts, available homes, hours and contacts, and Apply. */
export function PropertyPage({ slug }: { slug: string }) {
  const query = useQuery(publicPropertyQuery(slug));
  const missing = query.data === null;
  useDocumentTitle(
    missing
      ? publicPropertyMessages.propertyNotFound
      : (query.data?.name ?? (query.isError ? "Error loading property" : undefined)),
  );
  usePageMeta(query.data ? propertyPageMeta(query.data) : undefined);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading property" className="scale-150" />
      </div>
    );
  }
  if (query.isError || missing) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        {missing ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight">{publicPropertyMessages.propertyNotFound}</h1>
            <p className="mt-3 text-slate-600 dark:text-slate-300">
              There is no listing at this address, or it is no longer shown online.
            </p>
          </>
        ) : (
          <Alert>
            {publicPropertyMessages.loadPropertyFailed} {query.error?.message}
          </Alert>
        )}
        <p className="mt-6">
          <Link to="/properties" className={publicLinkClass}>
            Find homes
          </Link>
        </p>
      </div>
    );
  }

  const p = query.data;
  if (!p) return null;
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <p>
        {p.address ? (
          <Link to="/properties" search={{ zipCode: toZipSearchValue(p.address.zipcode) }} className={publicLinkClass}>
            ← More homes near {p.address.zipcode}
          </Link>
        ) : (
          <Link to="/properties" className={publicLinkClass}>
            ← Find homes
          </Link>
        )}
      </p>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-500">
        {p.property_type.name}
      </p>
      <div className="mt-1 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{p.name}</h1>
          {p.address ? (
            <address className="mt-2 not-italic text-slate-600 dark:text-slate-300">
              {p.address.address_line_1}, {p.address.city}, {p.address.state.state_name} {p.address.zipcode}
            </address>
          ) : null}
        </div>
        {p.property_slug ? (
          <Link
            to="/properties/$slug/apply"
            params={{ slug: p.property_slug }}
            className="inline-flex shrink-0 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm outline-none hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-950"
          >
            Apply now
          </Link>
        ) : null}
      </div>
      <div className="mt-8">
        <ImageCarousel propertyId={p.id} propertyName={p.name} />
      </div>
      <ListingFacts property={p} />
      <AvailableHomes property={p} />
      <ComingHomes property={p} />
      <div className="mt-10 grid gap-8 sm:grid-cols-2">
        {p.opening_hours ? (
          <section aria-labelledby="hours-heading">
            <h2 id="hours-heading" className="text-lg font-semibold">
              Office hours
            </h2>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{summarizeOpeningHours(p.opening_hours)}</p>
          </section>
        ) : null}
        {p.contacts.length ? (
          <section aria-labelledby="contacts-heading">
            <h2 id="contacts-heading" className="text-lg font-semibold">
              Contact
            </h2>
            <ul className="mt-2 flex flex-col gap-3">
              {p.contacts.map((c) => (
                <li key={c.email} className="text-sm text-slate-700 dark:text-slate-300">
                  <p className="font-semibold text-slate-900 dark:text-slate-50">
                    {c.name}
                    {c.job_title ? (
                      <span className="font-normal text-slate-600 dark:text-slate-400">, {c.job_title}</span>
                    ) : null}
                  </p>
                  {c.phone ? (
                    <a className={publicLinkClass} href={`tel:${c.phone.replace(/[^\d+]/g, "")}`}>
                      {c.phone}
                    </a>
                  ) : null}
                  {c.phone ? " · " : null}
                  <a className={publicLinkClass} href={`mailto:${c.email}`}>
                    {c.email}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </article>
  );
}

function ListingFacts({ property: p }: { property: PublicPropertyDetails }) {
  const facts = [
    ["Rent", rentText(p.rent) ?? "On request"],
    ["Bedrooms", bedroomsText(p.bedrooms)],
    ["Size", squareFeetText(p.square_feet)],
    ["Available", availableText(p.available_units) ?? publicPropertyMessages.noVacancy],
    ["Parking", parkingText(p.parking_spots)],
    ["Pets", p.pets],
  ].filter((f): f is [string, string] => f[1] !== null);
  return (
    <dl className="mt-8 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-3 lg:grid-cols-5 dark:border-slate-800 dark:bg-slate-900">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="mt-1 font-semibold text-slate-900 dark:text-slate-50">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Every available unit, counted once: the floor plans that have some (with how many), then each
 * unit offered as itself (no floor plan), which shows its own size and no rent. The rows add up to
 * the listing's "units available".
 */
function AvailableHomes({ property: p }: { property: PublicPropertyDetails }) {
  if (p.floor_plans.length === 0 && p.units.length === 0) return null;
  const dash = "—";
  return (
    <ListingTable
      id="homes-heading"
      title="Available homes"
      headers={["Floor plan or unit", "Bedrooms", "Bathrooms", "Size", "Rent", "Available"]}
    >
      {p.floor_plans.map((f) => (
        <tr key={`plan-${f.id}`}>
          <th scope="row" className={`${cell} font-medium`}>
            {f.name}
          </th>
          <td className={cell}>{bedroomsOne(f.bedrooms)}</td>
          <td className={cell}>{bathroomsText(f.bathrooms)}</td>
          <td className={cell}>{sizeText(f.square_feet)}</td>
          <td className={cell}>{moneyText(f.rent)}/mo</td>
          <td className={cell}>{f.available_units}</td>
        </tr>
      ))}
      {p.units.map((u) => (
        <tr key={`unit-${u.id}`}>
          <th scope="row" className={`${cell} font-medium`}>
            {unitName(u)}
          </th>
          <td className={cell}>{u.bedrooms === null ? dash : bedroomsOne(u.bedrooms)}</td>
          <td className={cell}>{u.bathrooms === null ? dash : bathroomsText(u.bathrooms)}</td>
          <td className={cell}>{sizeText(u.square_feet)}</td>
          <td className={cell}>On request</td>
          <td className={cell}>1</td>
        </tr>
      ))}
    </ListingTable>
  );
}
