import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { OpenReconciliation } from "./reconciliation-rows.ts";

/** Rows per statement: far under PostgreSQL's parameter limit. */
const BATCH = 1000;

export interface NewMatch {
  lines: { id: number }[];
  items: { entry_id: number; amount_cents: number }[];
}

/**
 * Keeps matches already checked (each group's lines and items sum alike, each line and item free):
 * the lines marked with their match, the items cleared with it (an item ticked before keeps its row
 * and takes the match). In batches, so an auto-match of a large statement is a few statements.
 */
export async function insertMatches(tx: Tx, orgId: string, rec: OpenReconciliation, matches: readonly NewMatch[]) {
  const lineRows: { line_id: number; match_id: string }[] = [];
  const itemRows: { entry_id: number; amount_cents: number; match_id: string }[] = [];
  for (const match of matches) {
    const matchId = randomUUID();
    for (const l of match.lines) lineRows.push({ line_id: l.id, match_id: matchId });
    for (const i of match.items)
      itemRows.push({ entry_id: i.entry_id, amount_cents: i.amount_cents, match_id: matchId });
  }
  for (let at = 0; at < lineRows.length; at += BATCH) {
    await tx.execute(sql`
      insert into bank_reconciliation_lines (organization_id, line_id, reconciliation_id, match_id)
      select ${orgId}, r.line_id, ${rec.id}, r.match_id
      from jsonb_to_recordset(${JSON.stringify(lineRows.slice(at, at + BATCH))}::jsonb) as r(line_id bigint, match_id uuid)`);
  }
  for (let at = 0; at < itemRows.length; at += BATCH) {
    await tx.execute(sql`
      insert into bank_reconciliation_items (organization_id, bank_account_id, entry_id, reconciliation_id, amount_cents, match_id)
      select ${orgId}, ${rec.bankAccountId}, r.entry_id, ${rec.id}, r.amount_cents, r.match_id
      from jsonb_to_recordset(${JSON.stringify(itemRows.slice(at, at + BATCH))}::jsonb)
        as r(entry_id bigint, amount_cents bigint, match_id uuid)
      on conflict (organization_id, bank_account_id, entry_id) do update set match_id = excluded.match_id
      where bank_reconciliation_items.reconciliation_id = excluded.reconciliation_id`);
  }
}
