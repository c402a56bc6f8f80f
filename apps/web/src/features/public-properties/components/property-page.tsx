import { publicPropertyMessages } from "@keyholder/contracts/public-properties";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Alert } from "../../../components/ui/alert.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { toZipSearchValue } from "../../../lib/zip-search-param.ts";
import { publicPropertyQuery } from "../api/get-public-property.ts";
import { ImageCarousel } from "./image-carousel.tsx";

const backLink =
  "text-sm font-semibold text-brand-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-500";

/** /properties/{slug}: a listed property's name, address and photos. */
export function PropertyPage({ slug }: { slug: string }) {
  const query = useQuery(publicPropertyQuery(slug));
  const missing = query.data === null;
  useDocumentTitle(
    missing
      ? publicPropertyMessages.propertyNotFound
      : (query.data?.name ?? (query.isError ? "Error loading property" : undefined)),
  );

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
          <Link to="/properties" className={backLink}>
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
          <Link to="/properties" search={{ zipCode: toZipSearchValue(p.address.zipcode) }} className={backLink}>
            ← More homes near {p.address.zipcode}
          </Link>
        ) : (
          <Link to="/properties" className={backLink}>
            ← Find homes
          </Link>
        )}
      </p>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-500">
        {p.property_type.name}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{p.name}</h1>
      {p.address ? (
        <address className="mt-2 not-italic text-slate-600 dark:text-slate-300">
          {p.address.address_line_1}, {p.address.city}, {p.address.state.state_name} {p.address.zipcode}
        </address>
      ) : null}
      <div className="mt-8">
        <ImageCarousel propertyId={p.id} propertyName={p.name} />
      </div>
    </article>
  );
}
