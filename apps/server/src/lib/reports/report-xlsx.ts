import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { ReportCell, ReportColumnKind, ReportDocument } from "./report-document.ts";
import { widthOf } from "./report-document.ts";

const MONEY = "#,##0.00;[Red]-#,##0.00";

/**
 * Cells as Excel keeps them: amounts as numbers of dollars (cents / 100: Excel holds numbers as
 * doubles, and two decimals of a whole number of cents are exact to far beyond any amount here),
 * civil dates as dates (exceljs writes a Date's UTC day), text as text: a cell that looks like a
 * formula stays a string cell, never a formula.
 */
function excelValue(kind: ReportColumnKind, cell: ReportCell): ExcelJS.CellValue {
  if (cell === null) return null;
  if (kind === "cents" && typeof cell === "number") return cell / 100;
  if (kind === "date" && typeof cell === "string" && /^\d{4}-\d{2}-\d{2}$/.test(cell)) {
    const [y, m, d] = cell.split("-").map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d));
  }
  return cell;
}

/**
 * A report as an Excel workbook, written by exceljs's streaming writer: each row is committed as it
 * is read, so memory stays bounded by the writer's buffers, not the report's length.
 */
export function reportXlsx(doc: ReportDocument): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = "Keyholder";
  const headerRow = doc.lines.length + 3;
  const sheet = book.addWorksheet(doc.title.slice(0, 31), { views: [{ state: "frozen", ySplit: headerRow }] });
  sheet.columns = doc.columns.map((c) => ({
    width: widthOf(c),
    style:
      c.kind === "cents"
        ? { numFmt: MONEY }
        : c.kind === "date"
          ? { numFmt: "yyyy-mm-dd" }
          : c.kind === "count"
            ? { numFmt: "0" }
            : {},
  }));
  (async () => {
    const title = sheet.addRow([doc.title]);
    title.font = { bold: true, size: 14 };
    title.commit();
    for (const line of doc.lines) sheet.addRow([line]).commit();
    sheet.addRow([]).commit();
    const header = sheet.addRow(doc.columns.map((c) => c.label));
    header.font = { bold: true };
    header.commit();
    for await (const row of doc.rows) {
      const added = sheet.addRow(row.cells.map((cell, i) => excelValue(doc.columns[i]?.kind ?? "text", cell)));
      if (row.style) added.font = { bold: true };
      added.commit();
    }
    sheet.commit();
    await book.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
