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
