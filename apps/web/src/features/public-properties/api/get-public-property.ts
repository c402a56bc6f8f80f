import { publicPropertySchema } from "@keyholder/contracts/public-properties";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { publicQueryTimes } from "./public-query-times.ts";

export const publicPropertyQuery = (slug: string) =>
  queryOptions({
    queryKey: ["public", "property", slug],
    queryFn: ({ signal }) =>
      api(`/public/properties/by-slug/${encodeURIComponent(slug)}`, { schema: publicPropertySchema, signal }),
    ...publicQueryTimes,
  });
