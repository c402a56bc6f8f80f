import { PassThrough, type Readable } from "node:stream";
import { formatCents } from "@keyholder/contracts/money";
import PDFDocument from "pdfkit";
import type { ReportCell, ReportColumnKind, ReportDocument } from "./report-document.ts";
import { widthOf } from "./report-document.ts";

const MARGIN = 36;
const ROW_HEIGHT = 13;
const FONT_SIZE = 8;

const pdfText = (kind: ReportColumnKind, cell: ReportCell) =>
  cell === null ? "" : kind === "cents" && typeof cell === "number" ? formatCents(cell) : String(cell);

/**
 * A report as a PDF table (US Letter, landscape when it is wide): its title and parameters, the
 * header again on every page, section headings and totals in bold, page numbers. One line per row,
 * a long cell cut with an ellipsis: a rent roll is read down its columns. pdfkit writes pages as
 * they fill, so the rows are streamed; only the page numbers wait for the end (buffered pages).
 */
export function reportPdf(doc: ReportDocument, o: { organization: string; preparedOn: string }): Readable {
  const totalWidth = doc.columns.reduce((s, c) => s + widthOf(c), 0);
  const landscape = totalWidth > 90;
  const pdf = new PDFDocument({
    size: "LETTER",
    layout: landscape ? "landscape" : "portrait",
    margin: MARGIN,
    bufferPages: true,
    info: { Title: doc.title, Author: o.organization },
  });
  const out = new PassThrough();
  pdf.pipe(out);
  const usable = pdf.page.width - 2 * MARGIN;
  let x = MARGIN;
  const columns = doc.columns.map((c) => {
    const width = (widthOf(c) / totalWidth) * usable;
    const at = { ...c, x, width, align: c.kind === "text" ? ("left" as const) : ("right" as const) };
    x += width;
    return at;
  });
  const bottom = pdf.page.height - MARGIN - ROW_HEIGHT * 2;

  /** The text cut to a width with an ellipsis: one line per row, never wrapped inside a word. */
  const fit = (text: string, width: number) => {
    if (pdf.widthOfString(text) <= width) return text;
    let cut = text;
    while (cut.length > 1 && pdf.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut}…`;
  };
  const line = (cells: readonly string[], bold: boolean) => {
    if (pdf.y > bottom) {
      pdf.addPage();
      header();
    }
    const y = pdf.y;
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(FONT_SIZE);
    columns.forEach((c, i) => {
      const text = cells[i] ?? "";
      if (!text) return;
      // A left-aligned cell runs on over empty cells after it, as in a spreadsheet (a total's label).
      let width = c.width;
      for (let j = i + 1; c.align === "left" && j < columns.length && !cells[j]; j++) width += columns[j]?.width ?? 0;
      pdf.text(fit(text, width - 4), c.x + 2, y, { width: width - 4, align: c.align, lineBreak: false });
    });
    pdf.x = MARGIN;
    pdf.y = y + ROW_HEIGHT;
  };
  /** The column titles, wrapped over as many lines as the longest needs, and a rule under them. */
  const header = () => {
    const y = pdf.y;
    pdf.font("Helvetica-Bold").fontSize(FONT_SIZE);
    let height = 0;
    for (const c of columns) {
      const options = { width: c.width - 4, align: c.align };
      height = Math.max(height, pdf.heightOfString(c.label, options));
      pdf.text(c.label, c.x + 2, y, options);
    }
    pdf.x = MARGIN;
    pdf.y = y + height + 2;
    pdf
      .moveTo(MARGIN, pdf.y)
      .lineTo(MARGIN + usable, pdf.y)
      .lineWidth(0.5)
      .stroke();
    pdf.y += 3;
  };

  (async () => {
    pdf.font("Helvetica-Bold").fontSize(14).text(doc.title);
    pdf.font("Helvetica").fontSize(9).text(o.organization);
    for (const l of doc.lines) pdf.text(l);
    pdf.text(`Prepared on ${o.preparedOn}`);
    pdf.moveDown();
    header();
    for await (const row of doc.rows) {
      if (row.style === "heading") {
        pdf.y += 4;
        line([String(row.cells[0] ?? "")], true);
        continue;
      }
      line(
        row.cells.map((cell, i) => pdfText(columns[i]?.kind ?? "text", cell)),
        row.style === "total",
      );
    }
    const range = pdf.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      pdf.switchToPage(i);
      // Below the bottom margin pdfkit would start a new page for the footer.
      pdf.page.margins.bottom = 0;
      pdf
        .font("Helvetica")
        .fontSize(7)
        .text(`Page ${i + 1} of ${range.count}`, MARGIN, pdf.page.height - MARGIN, {
          width: usable,
          align: "right",
          lineBreak: false,
        });
    }
    pdf.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
