import { journalEntrySchema } from "@keyholder/contracts/ledger";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/journal-entries/{id}/reverse: the opposite entry, dated as the original unless its period is closed. */
export const reverseJournalEntry = (id: number) =>
  api(`/journal-entries/${id}/reverse`, { method: "POST", body: {}, schema: journalEntrySchema });
