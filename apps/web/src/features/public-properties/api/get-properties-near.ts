import { publicPropertyListSchema } from "@keyholder/contracts/public-properties";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { type ListingFilters, listingQueryOf } from "../utils/listing-filters.ts";
import { publicQueryTimes } from "./public-query-times.ts";

export const propertiesNearQuery = (zipcode: string, filters: ListingFilters) =>
  queryOptions({
    queryKey: ["public", "properties", zipcode, filters],
    queryFn: ({ signal }) =>
      api("/public/properties", { query: listingQueryOf(zipcode, filters), schema: publicPropertyListSchema, signal }),
    ...publicQueryTimes,
  });
