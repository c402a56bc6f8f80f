import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client.ts";

/** One per browser page, one per server-rendered request. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
