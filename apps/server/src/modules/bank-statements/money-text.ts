import { parseDollars } from "@keyholder/contracts/money";

/**
 * An amount as banks write it, to signed cents, exactly: "1,234.56", "$1,234.56", "-12.00",
 * "(12.00)" and "12.00-" (money out), "12.00 CR" / "12.00 DR", and zeros past the cents
 * ("-250.5000"). Null for anything else, fractions of a cent included.
 */
export function bankAmountCents(text: string): number | null {
  let t = text.replace(/[\s\u00a0]/g, "");
  let negative = false;
  const flip = (cut: number) => {
    t = t.slice(0, t.length - cut);
    negative = !negative;
  };
  const paren = /^\((.*)\)$/.exec(t);
  if (paren) {
    t = paren[1] ?? "";
    negative = true;
  }
  if (t.endsWith("-")) flip(1);
  else if (/DR$/i.test(t)) flip(2);
  else if (/CR$/i.test(t)) t = t.slice(0, -2);
  if (t.startsWith("-")) {
    t = t.slice(1);
    negative = !negative;
  } else if (t.startsWith("+")) t = t.slice(1);
  const cents = parseDollars(t.replace(/(\.\d{2})0+$/, "$1"));
  if (cents === null) return null;
  return negative && cents !== 0 ? -cents : cents;
}
