import { publicPropertyListSchema } from "@keyholder/contracts/public-properties";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { publicQueryTimes } from "./public-query-times.ts";

export const propertiesNearQuery = (zipcode: string) =>
  queryOptions({
    queryKey: ["public", "properties", zipcode],
    queryFn: ({ signal }) =>
      api("/public/properties", { query: { zipcode }, schema: publicPropertyListSchema, signal }),
    ...publicQueryTimes,
  });
