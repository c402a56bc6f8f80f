import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { loadFindHomes } from "../../../features/public-properties/api/preload-public-pages.ts";
import { FindHomes } from "../../../features/public-properties/components/find-homes.tsx";
import { toZipSearchValue, zipCodeOf, zipCodeSearchSchema } from "../../../lib/zip-search-param.ts";

export const Route = createFileRoute("/_public/properties/")({
  staticData: { serverRender: true },
  validateSearch: z.object({ zipCode: zipCodeSearchSchema.optional().catch(undefined) }),
  loaderDeps: ({ search }) => ({ zipCode: zipCodeOf(search.zipCode) }),
  loader: ({ context, deps }) => loadFindHomes(context.queryClient, deps.zipCode),
  component: PropertiesPage,
});

function PropertiesPage() {
  const { zipCode } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FindHomes
      zipCode={zipCodeOf(zipCode)}
      onSearch={(zipcode) => void navigate({ search: { zipCode: toZipSearchValue(zipcode) } })}
    />
  );
}
