import { type CreateMatch, reconciliationMessages } from "@keyholder/contracts/reconciliations";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { bigintArray } from "../../lib/sql-arrays.ts";
import { readOpenLines } from "./bank-lines.ts";
import { readOpenItems } from "./book-items.ts";
import { insertMatches } from "./insert-matches.ts";
import { lockOpen } from "./reconciliation-rows.ts";

/**
 * POST /reconciliations/{id}/matches: bank lines matched to the books' items, one to one, one to
 * many or many to one, when their sums are equal; the items are cleared with them. A line or item
 * already matched, another account's, or a line after the statement's end is refused.
 */
export async function createMatch(tx: Tx, orgId: string, id: string, input: CreateMatch) {
  const lineIds = [...new Set(input.statement_line_ids)];
  const entryIds = [...new Set(input.entry_ids)];
  if (lineIds.length === 0 || entryIds.length === 0) {
    throw badRequest(reconciliationMessages.nothingToMatch, {
      statement_line_ids: [reconciliationMessages.nothingToMatch],
    });
  }
  const rec = await lockOpen(tx, orgId, id);
  const lines = await readOpenLines(tx, orgId, rec, sql`l.id = any(${bigintArray(lineIds)})`);
  if (lines.length !== lineIds.length || lines.some((l) => l.match_id)) {
    throw new HttpError(409, "LINE_TAKEN", reconciliationMessages.lineTaken);
  }
  const items = await readOpenItems(tx, orgId, rec, sql`l.entry_id = any(${bigintArray(entryIds)})`);
  if (items.length !== entryIds.length || items.some((i) => i.match_id)) {
    throw new HttpError(409, "ITEM_TAKEN", reconciliationMessages.itemTaken);
  }
  const lineSum = lines.reduce((s, l) => s + l.amount_cents, 0);
  const itemSum = items.reduce((s, i) => s + i.amount_cents, 0);
  if (lineSum !== itemSum) {
    const message = reconciliationMessages.unequal(lineSum, itemSum);
    throw badRequest(message, { entry_ids: [message] });
  }
  await insertMatches(tx, orgId, rec, [{ lines, items }]);
}
