import { addDays } from "@keyholder/contracts/civil-date";
import {
  MATCH_DAYS,
  RECONCILIATION_ITEMS_LIMIT,
  type ReconciliationItem,
  type ReconciliationLine,
} from "@keyholder/contracts/reconciliations";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { readOpenLines } from "./bank-lines.ts";
import { readOpenItems } from "./book-items.ts";
import { insertMatches, type NewMatch } from "./insert-matches.ts";
import { lockOpen, type OpenReconciliation } from "./reconciliation-rows.ts";

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

interface Free {
  day: number;
  item: ReconciliationItem;
  taken: boolean;
}

/** The first place in a list sorted by day whose day is at least `day`. */
function firstOnOrAfter(list: readonly Free[], day: number) {
  let [lo, hi] = [0, list.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid]?.day ?? 0) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Pairs each free bank line with the one free item of the same amount nearest its date, within
 * MATCH_DAYS either way; a reference (a check number) in the item's memo wins over the date. Where
 * two items are as good, the line is left for the person: a guess could clear the wrong check.
 * Items are looked up by amount and then by day (a binary search), so a statement of 50,000 lines,
 * many of one rent amount, costs a sort rather than lines times items.
 */
export function pairLines(lines: readonly ReconciliationLine[], items: readonly ReconciliationItem[]): NewMatch[] {
  const byAmount = new Map<number, Free[]>();
  for (const item of items) {
    if (item.match_id) continue;
    const list = byAmount.get(item.amount_cents) ?? [];
    if (list.length === 0) byAmount.set(item.amount_cents, list);
    list.push({ day: dayNumber(item.posted_on), item, taken: false });
  }
  for (const list of byAmount.values()) list.sort((a, b) => a.day - b.day);
  const matches: NewMatch[] = [];
  for (const line of lines) {
    if (line.match_id) continue;
    const list = byAmount.get(line.amount_cents);
    if (!list) continue;
    const day = dayNumber(line.posted_on);
    const candidates: Free[] = [];
    for (let k = firstOnOrAfter(list, day - MATCH_DAYS); k < list.length; k++) {
      const free = list[k];
      if (!free || free.day > day + MATCH_DAYS) break;
      if (!free.taken) candidates.push(free);
    }
    const reference = line.reference?.trim();
    const byReference = reference ? candidates.filter((c) => c.item.memo.includes(reference)) : [];
    const pool = byReference.length ? byReference : candidates;
    const nearest = Math.min(...pool.map((c) => Math.abs(c.day - day)));
    const best = pool.filter((c) => Math.abs(c.day - day) === nearest);
    const chosen = best[0];
    if (best.length !== 1 || !chosen) continue;
    chosen.taken = true;
    matches.push({ lines: [line], items: [chosen.item] });
  }
  return matches;
}

/** Where an auto-match is among the lines, ordered by day and id: after this one. */
export interface LineCursor {
  posted_on: string;
  id: number;
}

/**
 * One step of an auto-match: the next RECONCILIATION_ITEMS_LIMIT free lines after `after`, paired
 * with the free items of their days, MATCH_DAYS either side (however many), and kept. The cursor is
 * null when no line is left. Steps let a job commit as it goes; a line matched in one step is not
 * free in the next, nor its item.
 */
export async function autoMatchStep(
  tx: Tx,
  orgId: string,
  rec: OpenReconciliation,
  after: LineCursor | null,
): Promise<{ matched: number; cursor: LineCursor | null }> {
  const lines = await readOpenLines(
    tx,
    orgId,
    rec,
    after
      ? sql`m.line_id is null and (l.posted_on, l.id) > (${after.posted_on}::date, ${after.id})`
      : sql`m.line_id is null`,
  );
  const first = lines[0];
  const last = lines.at(-1);
  if (!first || !last) return { matched: 0, cursor: null };
  const items = await readOpenItems(
    tx,
    orgId,
    rec,
    sql`l.posted_on between ${addDays(first.posted_on, -MATCH_DAYS)}::date and ${addDays(last.posted_on, MATCH_DAYS)}::date`,
    null,
  );
  const matches = pairLines(lines, items);
  await insertMatches(tx, orgId, rec, matches);
  const more = lines.length === RECONCILIATION_ITEMS_LIMIT;
  return { matched: matches.length, cursor: more ? { posted_on: last.posted_on, id: last.id } : null };
}

/** POST /reconciliations/{id}/auto-match: every line with one clear partner matched; how many. */
export const autoMatch = async (tx: Tx, orgId: string, id: string) =>
  matchAll(tx, orgId, await lockOpen(tx, orgId, id));

/** Every free line of a reconciliation locked by the caller, step after step; how many were matched. */
export async function matchAll(tx: Tx, orgId: string, rec: OpenReconciliation): Promise<number> {
  let matched = 0;
  let cursor: LineCursor | null = null;
  do {
    const step: { matched: number; cursor: LineCursor | null } = await autoMatchStep(tx, orgId, rec, cursor);
    matched += step.matched;
    cursor = step.cursor;
  } while (cursor);
  return matched;
}
