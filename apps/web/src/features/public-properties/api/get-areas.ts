import { publicAreaListSchema } from "@keyholder/contracts/public-properties";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { publicQueryTimes } from "./public-query-times.ts";

export const areasQuery = () =>
  queryOptions({
    queryKey: ["public", "areas"],
    queryFn: ({ signal }) => api("/public/areas", { schema: publicAreaListSchema, signal }),
    ...publicQueryTimes,
  });
