import { Readable } from "node:stream";
import { csvCell, toCsv } from "@keyholder/contracts/csv";
import { centsToInput } from "@keyholder/contracts/money";
import type { ReportCell, ReportDocument } from "./report-document.ts";

const PIECE_CHARS = 64 * 1024;

const csvValue = (kind: string, cell: ReportCell) =>
  cell === null ? "" : kind === "cents" && typeof cell === "number" ? centsToInput(cell) : cell;

/**
 * A report as CSV, streamed row by row: a byte-order mark (Excel reads UTF-8), its title and
 * parameters, a blank line, the header, the rows; through the formula-safe writer.
 */
export function reportCsv(doc: ReportDocument): Readable {
  async function* lines() {
    yield `\uFEFF${toCsv(
      [doc.title],
      doc.lines.map((l) => [l]),
    )}\r\n\r\n`;
    yield `${toCsv(
      doc.columns.map((c) => c.label),
      [],
    )}\r\n`;
    // Rows gathered into pieces of about 64 KB: a stream chunk per row costs more than the row.
    let piece = "";
    for await (const row of doc.rows) {
      const cells = row.cells.map((cell, i) => csvValue(doc.columns[i]?.kind ?? "text", cell));
      piece += `${cells.map(csvCell).join(",")}\r\n`;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = "";
      }
    }
    if (piece) yield piece;
  }
  return Readable.from(lines());
}
