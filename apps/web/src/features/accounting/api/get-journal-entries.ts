import { entriesPageSchema } from "@keyholder/contracts/ledger";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const journalEntriesKey = ["journal-entries"] as const;

export interface JournalFilters {
  account_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** GET /api/v1/journal-entries: newest first, 20 at a time, each page from the last one's cursor. */
export const journalEntriesQuery = (filters: JournalFilters) =>
  infiniteQueryOptions({
    queryKey: [...journalEntriesKey, filters],
    queryFn: ({ pageParam }) =>
      api("/journal-entries", { query: { ...filters, limit: 20, cursor: pageParam }, schema: entriesPageSchema }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
