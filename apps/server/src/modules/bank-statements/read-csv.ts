import { statementMessages } from "@keyholder/contracts/bank-statements";
import { parse } from "csv-parse/sync";
import { StatementFileError } from "./statement-file-error.ts";

/** A bank's CSV as a table: its header's names and the rows after it, each with its line in the file. */
export interface CsvTable {
  columns: string[];
  rows: { cells: string[]; line: number }[];
}

const DELIMITERS = [",", ";", "\t", "|"];

/** Occurrences of a delimiter outside quotes on one line. */
function countOutsideQuotes(line: string, delimiter: string) {
  let inQuotes = false;
  let count = 0;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === delimiter && !inQuotes) count++;
  }
  return count;
}

/**
 * Banks write commas, semicolons (where the comma is the decimal point), tabs or pipes: the one is
 * the delimiter found most often on the file's first lines, by the median line so a description full
 * of commas does not decide.
 */
function delimiterOf(text: string) {
  const lines = text
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== "")
    .slice(0, 20);
  let best = ",";
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const counts = lines.map((l) => countOutsideQuotes(l, d)).sort((a, b) => a - b);
    const median = counts[Math.floor(counts.length / 2)] ?? 0;
    if (median > bestScore) [best, bestScore] = [d, median];
  }
  return best;
}

/**
 * The table of a CSV. Some banks put the account's details on the first lines: the header is the
 * first row as wide as most rows are, with at least two names. Blank header cells are named
 * "Column N" and repeated names numbered, so every column can be chosen by its name.
 */
export function readCsv(text: string): CsvTable {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof records;
  } catch {
    throw new StatementFileError(statementMessages.unsupported);
  }
  const widths = new Map<number, number>();
  for (const { record } of records) widths.set(record.length, (widths.get(record.length) ?? 0) + 1);
  const width = [...widths].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
  const headerAt = records.findIndex((r) => r.record.length === width && r.record.filter(Boolean).length >= 2);
  if (width < 2 || headerAt < 0) throw new StatementFileError(statementMessages.unsupported);
  const seen = new Map<string, number>();
  const columns = (records[headerAt]?.record ?? []).map((name, i) => {
    const base = name || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
  const rows = records
    .slice(headerAt + 1)
    .filter((r) => r.record.some((c) => c !== ""))
    .map((r) => ({ cells: r.record, line: r.info.lines }));
  return { columns, rows };
}
