import ExcelJS from "exceljs";
import { extractText } from "unpdf";

/** A downloaded workbook's first sheet read back: each row's values from its first column. */
export async function xlsxRows(file: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A downloaded PDF's text, page by page. */
export async function pdfPages(file: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(file), { mergePages: false });
  return text;
}
