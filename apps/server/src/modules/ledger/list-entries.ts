import type { EntriesQuery, JournalEntry } from "@keyholder/contracts/ledger";
import { and, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { readEntries } from "./read-entries.ts";

/** A line of the entry meets the condition (the lines' indexes by account, lease and property serve it). */
const hasLine = (condition: SQL) =>
  sql`exists (select 1 from journal_lines l where l.organization_id = e.organization_id and l.entry_id = e.id and ${condition})`;

/** GET /journal-entries: a page of entries, newest first, with the cursor of the next page. */
export async function listEntries(
  tx: Tx,
  orgId: string,
  q: EntriesQuery,
): Promise<{ entries: JournalEntry[]; next_cursor: string | null }> {
  const conditions: SQL[] = [sql`e.organization_id = ${orgId}`];
  if (q.from) conditions.push(sql`e.posted_on >= ${q.from}`);
  if (q.to) conditions.push(sql`e.posted_on <= ${q.to}`);
  if (q.source) conditions.push(sql`e.source = ${q.source}`);
  if (q.account_id) conditions.push(hasLine(sql`l.account_id = ${q.account_id}`));
  if (q.lease_id) conditions.push(hasLine(sql`l.lease_id = ${q.lease_id}`));
  if (q.property_id) conditions.push(hasLine(sql`l.property_id = ${q.property_id}`));
  if (q.cursor) {
    const [date, id] = [q.cursor.slice(0, 10), q.cursor.slice(11)];
    conditions.push(sql`(e.posted_on, e.id) < (${date}::date, ${id}::bigint)`);
  }
  const rows = await readEntries(tx, and(...conditions) ?? sql`false`, q.limit + 1);
  const entries = rows.slice(0, q.limit);
  const last = entries.at(-1);
  return { entries, next_cursor: rows.length > q.limit && last ? `${last.posted_on}.${last.id}` : null };
}
