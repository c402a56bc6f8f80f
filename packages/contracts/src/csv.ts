/**
 * CSV for spreadsheets (RFC 4180 quoting). Text cells starting with =, +, -, @, tab or carriage
 * return (or their full-width forms), also after leading spaces or invisible characters a
 * spreadsheet skips, are prefixed with an apostrophe so a spreadsheet never runs them as formulas;
 * numbers stay numbers.
 */
const FORMULA_START = /^[\s\u00a0\u200b-\u200d\u2060\ufeff]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: string[], rows: CsvValue[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n");
}
