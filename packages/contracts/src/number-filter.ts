import { parseNumberText } from "./number-text.ts";

/**
 * A number column's quick filter as people type it: a value as the grid shows
 * it ("1,010", "$870"), a comparison (">1000", "<= $1,200", "2+" for two or more) or a range, both
 * ends included ("1000-1200", "$900 to $1,100"). The server's SQL and the grid's hint read it alike.
 */
export type NumberFilter =
  | { op: "=" | ">" | ">=" | "<" | "<="; value: number }
  | { op: "between"; from: number; to: number };

/** What a number quick filter takes, said where the user types it. */
export const NUMBER_FILTER_HINT = "A number as shown (1,010 or $870), >1000, <1200, or a range such as 1000-1200";

const COMPARISONS = {
  "=": "=",
  ">": ">",
  "<": "<",
  ">=": ">=",
  "<=": "<=",
  "≥": ">=",
  "≤": "<=",
  "=>": ">=",
  "=<": "<=",
} as const;
const COMPARISON = /^(>=|<=|=>|=<|≥|≤|>|<|=)(.*)$/;
// The first separator after a digit: "-10 - -5" splits as -10 and -5, "1,000-1,200" as 1,000 and 1,200.
const RANGE = /^(.*?\d)\s*(?:-|–|—|\.\.|to)\s*(.+)$/i;
const AT_LEAST = /^(.*\d)\s*\+$/;

// Money columns show a dollar sign, so every number filter takes one.
const numberOf = (text: string) => {
  const parsed = parseNumberText(text, "money");
  return parsed.ok ? parsed.value : undefined;
};

/** The filter the text states, or undefined when it states none (it then matches no row). */
export function parseNumberFilter(text: string): NumberFilter | undefined {
  const t = text.trim();
  const value = numberOf(t);
  if (value !== undefined) return { op: "=", value };
  const comparison = COMPARISON.exec(t);
  if (comparison) {
    const bound = numberOf(comparison[2] ?? "");
    return bound === undefined
      ? undefined
      : { op: COMPARISONS[comparison[1] as keyof typeof COMPARISONS], value: bound };
  }
  const atLeast = AT_LEAST.exec(t);
  if (atLeast) {
    const bound = numberOf(atLeast[1] ?? "");
    return bound === undefined ? undefined : { op: ">=", value: bound };
  }
  const range = RANGE.exec(t);
  if (!range) return undefined;
  const [a, b] = [numberOf(range[1] ?? ""), numberOf(range[2] ?? "")];
  if (a === undefined || b === undefined) return undefined;
  return { op: "between", from: Math.min(a, b), to: Math.max(a, b) };
}
