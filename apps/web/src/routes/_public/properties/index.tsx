import { createFileRoute } from "@tanstack/react-router";
import { loadFindHomes } from "../../../features/public-properties/api/preload-public-pages.ts";
import { FindHomes } from "../../../features/public-properties/components/find-homes.tsx";
import {
  listingFiltersOf,
  listingSearchParamsOf,
  listingSearchParamsSchema,
} from "../../../features/public-properties/utils/listing-filters.ts";
import { toZipSearchValue, zipCodeOf, zipCodeSearchSchema } from "../../../lib/zip-search-param.ts";

export const Route = createFileRoute("/_public/properties/")({
  staticData: { serverRender: true },
  validateSearch: listingSearchParamsSchema.extend({ zipCode: zipCodeSearchSchema.optional().catch(undefined) }),
  loaderDeps: ({ search }) => ({ zipCode: zipCodeOf(search.zipCode), filters: listingFiltersOf(search) }),
  loader: ({ context, deps }) => loadFindHomes(context.queryClient, deps.zipCode, deps.filters),
  component: PropertiesPage,
});

function PropertiesPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = listingFiltersOf(search);
  return (
    <FindHomes
      zipCode={zipCodeOf(search.zipCode)}
      filters={filters}
      // A new ZIP code keeps the visitor's filters but starts again at page 1.
      onSearch={(zipcode) =>
        void navigate({
          search: { zipCode: toZipSearchValue(zipcode), ...listingSearchParamsOf({ ...filters, page: 1 }) },
        })
      }
      onFilters={(next) =>
        void navigate({ search: (prev) => ({ zipCode: prev.zipCode, ...listingSearchParamsOf(next) }) })
      }
    />
  );
}
