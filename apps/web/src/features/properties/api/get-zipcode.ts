import { zipcodeInfoSchema } from "@keyholder/contracts/properties";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client.ts";

/** What a ZIP code tells the address form (city, state, centre); null when the directory does not know it. */
export const zipcodeQuery = (zipcode: string) =>
  queryOptions({
    queryKey: ["zipcodes", zipcode],
    queryFn: async ({ signal }) => {
      try {
        return await api(`/zipcodes/${zipcode}`, { schema: zipcodeInfoSchema, signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
