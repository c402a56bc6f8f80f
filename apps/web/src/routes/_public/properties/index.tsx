import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { FindHomes } from "../../../features/public-properties/components/find-homes.tsx";
import { toZipSearchValue, zipCodeOf, zipCodeSearchSchema } from "../../../lib/zip-search-param.ts";

export const Route = createFileRoute("/_public/properties/")({
  validateSearch: z.object({ zipCode: zipCodeSearchSchema.optional().catch(undefined) }),
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
