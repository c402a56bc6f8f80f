import { createHash } from "node:crypto";
import type { BankFileLine } from "./statement-file-error.ts";

/**
 * What makes each bank line itself across imports: the bank's FITID when the file has one, else a
 * hash of its date, amount, text and reference with its place among identical lines of the file
 * (two $5.00 fees on one day are two lines, and stay two when the file comes again). A FITID a
 * bank repeated within one file is numbered the same way.
 */
export function fingerprints(lines: BankFileLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = line.fitid
      ? `fitid:${line.fitid}`
      : `row:${createHash("sha256")
          .update(JSON.stringify([line.posted_on, line.amount_cents, line.description, line.reference]))
          .digest("base64url")
          .slice(0, 32)}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  });
}
