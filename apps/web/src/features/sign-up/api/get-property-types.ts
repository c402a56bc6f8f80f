import { propertyTypeListSchema } from "@keyholder/contracts/property-types";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const propertyTypesQuery = () =>
  queryOptions({
    queryKey: ["property-types"],
    queryFn: ({ signal }) => api("/property-types", { schema: propertyTypeListSchema, signal }),
    staleTime: 60 * 60_000,
  });
