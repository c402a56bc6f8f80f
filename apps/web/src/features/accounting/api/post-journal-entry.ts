import { journalEntrySchema, type PostEntry } from "@keyholder/contracts/ledger";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/journal-entries: posted once per request key, however often it is sent. */
export const postJournalEntry = (entry: PostEntry) =>
  api("/journal-entries", { method: "POST", body: entry, schema: journalEntrySchema });
