import type { StatementMapping } from "@keyholder/contracts/bank-statements";
import { applyMapping } from "./map-csv.ts";
import type { StatementFile } from "./read-statement-file.ts";
import type { BankFileLine } from "./statement-file-error.ts";

/** A file's lines: an OFX file's as they are, a CSV's read with its mapping. */
export const statementLinesOf = (file: StatementFile, mapping: StatementMapping | null): BankFileLine[] =>
  file.format === "ofx" ? file.lines : mapping ? applyMapping(file.table, mapping) : [];

/** The first and last days and the money in and out of some lines. */
export function summarize(lines: BankFileLine[]) {
  let first: string | null = null;
  let last: string | null = null;
  let inCents = 0;
  let outCents = 0;
  for (const l of lines) {
    if (first === null || l.posted_on < first) first = l.posted_on;
    if (last === null || l.posted_on > last) last = l.posted_on;
    if (l.amount_cents > 0) inCents += l.amount_cents;
    else outCents -= l.amount_cents;
  }
  return { first_date: first, last_date: last, in_cents: inCents, out_cents: outCents };
}
