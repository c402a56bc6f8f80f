import ExcelJS from "exceljs";
import { extractText } from "unpdf";
import { expect } from "vitest";
import type { LeaseTests } from "./lease-fixture.ts";

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

/**
 * A report run in the background beside the same report downloaded at once (issue 30 item 7), for
 * a test to find the file written in parts the report read whole: both answered, as `as` reads them.
 */
export function runBesideDownload({ t, org, send }: LeaseTests) {
  return async (report: string, params: Record<string, string>, format: string, as: { cookie: string } = org) => {
    const res = await send("POST", "/report-runs", { payload: { report, params, format }, org: as });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.jobs.drain();
    const file = await send("GET", `/report-runs/${res.json().id}/file`, { org: as });
    expect(file.statusCode, file.body).toBe(200);
    const direct = await send("GET", `/reports/${report}?${new URLSearchParams({ ...params, format })}`, { org: as });
    expect(direct.statusCode, direct.body).toBe(200);
    return [file, direct] as const;
  };
}
