import type { StatementPreview } from "@keyholder/contracts/bank-statements";
import type { Tx } from "../../db/client.ts";
import { guessMapping } from "./map-csv.ts";
import type { StatementFile } from "./read-statement-file.ts";
import { StatementFileError } from "./statement-file-error.ts";
import { statementLinesOf, summarize } from "./statement-lines-of.ts";
import { chosenMapping } from "./statement-mapping.ts";

const SAMPLE = 5;

/**
 * What a file holds, nothing kept: a CSV's columns and first rows with the mapping sent, else the
 * one kept for the account, else one guessed, and the lines it reads (or why it does not).
 */
export async function previewStatement(
  tx: Tx,
  orgId: string,
  bankAccountId: string,
  file: StatementFile,
  upload: { name: string; fields: Record<string, string> },
): Promise<StatementPreview> {
  const chosen = await chosenMapping(tx, orgId, bankAccountId, file, upload.fields);
  const mapping = file.format === "csv" ? (chosen.mapping ?? guessMapping(file.table)) : null;
  let problem: string | null = null;
  let lines: ReturnType<typeof statementLinesOf> = [];
  try {
    lines = statementLinesOf(file, mapping);
  } catch (err) {
    if (!(err instanceof StatementFileError)) throw err;
    problem = err.message;
  }
  return {
    format: file.format,
    file_name: upload.name,
    columns: file.format === "csv" ? file.table.columns : [],
    sample_rows: file.format === "csv" ? file.table.rows.slice(0, SAMPLE).map((r) => r.cells) : [],
    mapping,
    mapping_saved: chosen.kept,
    line_count: lines.length,
    lines: lines.slice(0, SAMPLE).map(({ fitid: _, ...line }) => line),
    problem,
    ...summarize(lines),
  };
}
