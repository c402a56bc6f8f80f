import {
  type DateOrder,
  STATEMENT_MAX_LINES,
  type StatementMapping,
  statementMessages,
} from "@keyholder/contracts/bank-statements";
import { isCivilDate } from "@keyholder/contracts/civil-date";
import { bankAmountCents } from "./money-text.ts";
import type { CsvTable } from "./read-csv.ts";
import { type BankFileLine, StatementFileError } from "./statement-file-error.ts";

/** A day as a bank's CSV writes it, in the order given ("10/2/26", "2026-10-02 00:00"), or null. */
export function bankDate(text: string, order: DateOrder): string | null {
  const parts = text.trim().split(/[\sT]/)[0]?.split(/[/.-]/) ?? [];
  if (parts.length !== 3 || parts.some((p) => !/^\d{1,4}$/.test(p))) return null;
  const [a, b, c] = parts as [string, string, string];
  const [y, m, d] = order === "YMD" ? [a, b, c] : order === "MDY" ? [c, a, b] : [c, b, a];
  const year = y.length === 2 ? `20${y}` : y;
  const day = `${year.padStart(4, "0")}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  return isCivilDate(day) ? day : null;
}

const find = (columns: string[], taken: (string | null)[], ...patterns: RegExp[]) => {
  for (const p of patterns) {
    const hit = columns.find((c) => p.test(c) && !taken.includes(c));
    if (hit) return hit;
  }
  return null;
};

/** The order a date column's values are written in: a four-digit start is Y-M-D, a first part over 12 is D/M/Y. */
function orderOf(values: string[]): DateOrder {
  if (values.some((v) => /^\s*\d{4}[/.-]/.test(v))) return "YMD";
  if (values.some((v) => Number(v.trim().split(/[/.-]/)[0]) > 12)) return "DMY";
  return "MDY";
}

/** A mapping guessed from the header's names, as banks name them; null when the date, description or money is not found. */
export function guessMapping(table: CsvTable): StatementMapping | null {
  const { columns } = table;
  const date_column = find(columns, [], /post(ed|ing)?\s*date/i, /^date$/i, /date/i);
  const description_column = find(columns, [date_column], /description/i, /payee|narrative|details|memo|name/i);
  const amount_column = find(columns, [], /^amount$/i, /amount(?!.*(debit|credit))/i);
  const debit_column = amount_column ? null : find(columns, [], /debit|withdrawal|money out|paid out/i);
  const credit_column = amount_column ? null : find(columns, [], /credit|deposit|money in|paid in/i);
  const reference_column = find(
    columns,
    [date_column, description_column, amount_column, debit_column, credit_column],
    /check|cheque/i,
    /ref/i,
    /(number|no\.?)$/i,
  );
  if (!date_column || !description_column || !(amount_column || debit_column || credit_column)) return null;
  const at = columns.indexOf(date_column);
  return {
    date_column,
    description_column,
    amount_column,
    debit_column,
    credit_column,
    reference_column,
    date_order: orderOf(table.rows.slice(0, 200).map((r) => r.cells[at] ?? "")),
  };
}

/**
 * The file's lines read with a mapping. A column not in the file is a 400 on that field; the first
 * row that does not read is a 400 on the file naming the row, and nothing is kept. Rows without a
 * date (a bank's closing balance line) and lines of no money are left out.
 */
export function applyMapping(table: CsvTable, mapping: StatementMapping): BankFileLine[] {
  const index = (field: keyof StatementMapping) => {
    const name = mapping[field];
    if (!name) return -1;
    const at = table.columns.indexOf(name);
    if (at < 0) throw new StatementFileError(statementMessages.column, field);
    return at;
  };
  const at = {
    date: index("date_column"),
    description: index("description_column"),
    amount: index("amount_column"),
    debit: index("debit_column"),
    credit: index("credit_column"),
    reference: index("reference_column"),
  };
  const cell = (cells: string[], i: number) => (i < 0 ? "" : (cells[i] ?? "").trim());
  const lines: BankFileLine[] = [];
  for (const { cells, line } of table.rows) {
    const dateText = cell(cells, at.date);
    if (!dateText) continue;
    const posted_on = bankDate(dateText, mapping.date_order);
    if (!posted_on) throw new StatementFileError(statementMessages.badDate(line, dateText));
    const money = (i: number) => {
      const text = cell(cells, i);
      if (!text) return 0;
      const cents = bankAmountCents(text);
      if (cents === null) throw new StatementFileError(statementMessages.badAmount(line, text));
      return cents;
    };
    const amount_cents = at.amount >= 0 ? money(at.amount) : Math.abs(money(at.credit)) - Math.abs(money(at.debit));
    if (amount_cents === 0) continue;
    if (lines.length === STATEMENT_MAX_LINES) throw new StatementFileError(statementMessages.tooManyLines);
    lines.push({
      posted_on,
      description: cell(cells, at.description).replace(/\s+/g, " ").slice(0, 500),
      reference: cell(cells, at.reference).slice(0, 100) || null,
      amount_cents,
      fitid: null,
    });
  }
  return lines;
}
