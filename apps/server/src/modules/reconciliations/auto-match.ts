import { MATCH_DAYS, type ReconciliationItem, type ReconciliationLine } from "@keyholder/contracts/reconciliations";
import type { Tx } from "../../db/client.ts";
import { readOpenLines } from "./bank-lines.ts";
import { readOpenItems } from "./book-items.ts";
import { insertMatches, type NewMatch } from "./insert-matches.ts";
import { lockOpen } from "./reconciliation-rows.ts";

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * Pairs each free bank line with the one free item of the same amount nearest its date, within
 * MATCH_DAYS either way; a reference (a check number) in the item's memo wins over the date. Where
 * two items are as good, the line is left for the person: a guess could clear the wrong check.
 */
export function pairLines(lines: readonly ReconciliationLine[], items: readonly ReconciliationItem[]): NewMatch[] {
  const free = new Map<number, ReconciliationItem[]>();
  for (const item of items) {
    if (item.match_id) continue;
    free.set(item.amount_cents, [...(free.get(item.amount_cents) ?? []), item]);
  }
  const matches: NewMatch[] = [];
  for (const line of lines) {
    if (line.match_id) continue;
    const day = dayNumber(line.posted_on);
    const candidates = (free.get(line.amount_cents) ?? []).filter(
      (i) => Math.abs(dayNumber(i.posted_on) - day) <= MATCH_DAYS,
    );
    const reference = line.reference?.trim();
    const byReference = reference ? candidates.filter((i) => i.memo.includes(reference)) : [];
    const pool = byReference.length ? byReference : candidates;
    const distance = (i: ReconciliationItem) => Math.abs(dayNumber(i.posted_on) - day);
    const nearest = Math.min(...pool.map(distance));
    const best = pool.filter((i) => distance(i) === nearest);
    const chosen = best[0];
    if (best.length !== 1 || !chosen) continue;
    matches.push({ lines: [line], items: [chosen] });
    free.set(
      line.amount_cents,
      (free.get(line.amount_cents) ?? []).filter((i) => i !== chosen),
    );
  }
  return matches;
}

/** POST /reconciliations/{id}/auto-match: every line with one clear partner matched; how many. */
export async function autoMatch(tx: Tx, orgId: string, id: string): Promise<number> {
  const rec = await lockOpen(tx, orgId, id);
  const [lines, items] = [await readOpenLines(tx, orgId, rec), await readOpenItems(tx, orgId, rec)];
  const matches = pairLines(lines, items);
  await insertMatches(tx, orgId, rec, matches);
  return matches.length;
}
