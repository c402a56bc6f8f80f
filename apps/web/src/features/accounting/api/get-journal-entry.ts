import { journalEntrySchema } from "@keyholder/contracts/ledger";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { journalEntriesKey } from "./get-journal-entries.ts";

/** GET /api/v1/journal-entries/{id}: one entry with its lines and who posted it. */
export const getJournalEntry = (id: number) => api(`/journal-entries/${id}`, { schema: journalEntrySchema });

export const journalEntryQuery = (id: number) =>
  queryOptions({ queryKey: [...journalEntriesKey, "one", id], queryFn: () => getJournalEntry(id) });
