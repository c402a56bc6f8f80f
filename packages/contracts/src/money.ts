/**
 * Money as people read it, from integer cents, exactly: the dollars and the cents are formatted as
 * the integers they are, never through a division into a float ("-$1,234.05").
 */
export function formatCents(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${negative ? "-" : ""}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Dollars as people type them ("1,250", "$1250.5", "0.99") to integer cents, read as digits, never
 * through a float; null for anything else (more than two decimals, letters, two points). A leading
 * minus is accepted only when `negative` is allowed.
 */
export function parseDollars(text: string, o: { negative?: boolean } = {}): number | null {
  const t = text
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  const m = /^(-)?\$?(\d{1,13})?(?:\.(\d{0,2}))?$/.exec(t);
  if (!m || (!m[2] && !m[3]) || (m[1] && !o.negative)) return null;
  const cents = Number(m[2] ?? "0") * 100 + Number((m[3] ?? "").padEnd(2, "0"));
  return m[1] ? -cents : cents;
}

/** Integer cents as the money fields show them for editing: "1250.50", no symbol or separators. */
export const centsToInput = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

/** What a money field says of text that is not an amount (the API's own messages speak of cents). */
export const moneyMessages = {
  dollars: "Enter an amount in dollars and cents, like 1,250.00",
  required: "Enter the amount",
} as const;

/** What to say of an amount that did not read: that it is missing, or how to write one. */
export const moneyProblem = (text: string) => (text.trim() ? moneyMessages.dollars : moneyMessages.required);
