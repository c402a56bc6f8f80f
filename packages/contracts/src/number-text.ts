import { z } from "zod";

/**
 * Numbers as people type them (issue 10, bug 6): "$1,450.50", "1 450", " 2 ". One reading for every
 * number field of the app, so a form, the server and an import all agree on what "1,450" means.
 */

/** A field holds any number (bathrooms: 1.5), a whole number (units) or an amount of US dollars. */
export type NumberKind = "decimal" | "whole" | "money";

export type ParsedNumber =
  | { ok: true; value: number | undefined }
  | { ok: false; problem: "not-a-number" | "not-whole" };

const PLAIN = /^[-+]?(\d+\.?\d*|\.\d+)$/;
// Commas only as thousands separators: "1,45" is a decimal comma elsewhere in the world, and
// reading it as 145 would silently store the wrong amount.
const GROUPED = /^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Reads typed text as a number. Spaces anywhere (also no-break and thin spaces) are ignored, commas
 * must group thousands, and money may carry one dollar sign before or after its minus sign.
 * Empty text is `undefined`: whether the field may be empty is its own rule's business.
 */
export function parseNumberText(text: string, kind: NumberKind = "decimal"): ParsedNumber {
  let t = text.replace(/\s+/g, "");
  if (t === "") return { ok: true, value: undefined };
  if (kind === "money") t = t.replace(/^([-+]?)\$/, "$1");
  if (!PLAIN.test(t) && !GROUPED.test(t)) return { ok: false, problem: "not-a-number" };
  const value = Number(t.replaceAll(",", ""));
  if (!Number.isFinite(value)) return { ok: false, problem: "not-a-number" };
  if (kind === "whole" && !Number.isInteger(value)) return { ok: false, problem: "not-whole" };
  // "-0" is stored and shown as 0.
  return { ok: true, value: value === 0 ? 0 : value };
}

const examples: Record<NumberKind, string> = {
  decimal: "a number, like 2 or 1.5",
  whole: "a whole number, like 12 or 1,450",
  money: "a number, like 1450 or $1,450.50",
};

/** What to tell the user about text that is not a number of the field's kind; `label` starts the sentence. */
export function numberTextMessage(label: string, kind: NumberKind, problem: "not-a-number" | "not-whole") {
  return problem === "not-whole"
    ? `${label} must be a whole number, without decimals`
    : `${label} must be ${examples[kind]}`;
}

/**
 * A number field as typed: the text is read with `parseNumberText`, then checked by the field's own
 * rule (range, required, default), so the typed form and the JSON form share one definition.
 */
export function numberText<Rule extends z.ZodType<unknown, number | null | undefined>>(
  label: string,
  kind: NumberKind,
  rule: Rule,
) {
  return (
    z
      .string()
      .transform((text, ctx) => {
        const parsed = parseNumberText(text, kind);
        if (parsed.ok) return parsed.value;
        ctx.addIssue({ code: "custom", message: numberTextMessage(label, kind, parsed.problem) });
        return z.NEVER;
      })
      // The rule may also take null (a JSON client's "no value"); text never gives null.
      .pipe(rule as z.ZodType<z.output<Rule>, number | undefined>)
  );
}
