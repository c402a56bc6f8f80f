import { publicPropertyDetailsSchema } from "@keyholder/contracts/public-properties";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client.ts";
import { publicQueryTimes } from "./public-query-times.ts";

/** A listed property by its slug; null when no listed property has it (an answer, not a failure). */
export const publicPropertyQuery = (slug: string) =>
  queryOptions({
    queryKey: ["public", "property", slug],
    queryFn: async ({ signal }) => {
      try {
        return await api(`/public/properties/by-slug/${encodeURIComponent(slug)}`, {
          schema: publicPropertyDetailsSchema,
          signal,
        });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    ...publicQueryTimes,
  });
