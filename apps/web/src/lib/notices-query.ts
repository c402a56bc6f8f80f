import type { QueryClient } from "@tanstack/react-query";

/**
 * The bell's query (features/notices). Other features settle what a notice asks for (approving a
 * staff member), so they refresh it through this key without importing the bell.
 */
export const NOTICES_QUERY_KEY = ["notices"] as const;

export const refreshNotices = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY });
