import { propertyTypeListSchema } from "@keyholder/contracts/property-types";
import { usStateListSchema } from "@keyholder/contracts/us-states";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api-client.ts";

/** Reference lists every organization shares: they change with a release, so they stay fresh an hour. */
const HOUR = 60 * 60_000;

export const propertyTypesQuery = () =>
  queryOptions({
    queryKey: ["property-types"],
    queryFn: ({ signal }) => api("/property-types", { schema: propertyTypeListSchema, signal }),
    staleTime: HOUR,
  });

export const usStatesQuery = () =>
  queryOptions({
    queryKey: ["us-states"],
    queryFn: async ({ signal }) => (await api("/us-states", { schema: usStateListSchema, signal })).states,
    staleTime: HOUR,
  });
