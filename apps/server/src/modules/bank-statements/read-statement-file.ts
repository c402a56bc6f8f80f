import { STATEMENT_MAX_LINES, statementMessages } from "@keyholder/contracts/bank-statements";
import { decodeText } from "./decode-text.ts";
import { looksLikeOfx, parseOfx } from "./parse-ofx.ts";
import { type CsvTable, readCsv } from "./read-csv.ts";
import { type BankFileLine, StatementFileError } from "./statement-file-error.ts";

export type StatementFile = { format: "ofx"; lines: BankFileLine[] } | { format: "csv"; table: CsvTable };

/**
 * A statement file by its content, never its name: OFX/QFX (SGML or XML) or CSV. Anything with NUL
 * bytes (a PDF, a spreadsheet, an image) is refused before it is read as text.
 */
export function readStatementFile(bytes: Buffer): StatementFile {
  if (bytes.includes(0) || bytes.subarray(0, 5).toString("latin1") === "%PDF-") {
    throw new StatementFileError(statementMessages.unsupported);
  }
  const text = decodeText(bytes);
  if (looksLikeOfx(text)) {
    const lines = parseOfx(text).filter((l) => l.amount_cents !== 0);
    if (lines.length === 0) throw new StatementFileError(statementMessages.noLines);
    if (lines.length > STATEMENT_MAX_LINES) throw new StatementFileError(statementMessages.tooManyLines);
    return { format: "ofx", lines };
  }
  const table = readCsv(text);
  if (table.rows.length === 0) throw new StatementFileError(statementMessages.noLines);
  return { format: "csv", table };
}
