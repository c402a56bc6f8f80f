import type { Readable } from "node:stream";
import type { ReportFormat } from "@keyholder/contracts/reports";
import { reportCsv } from "./report-csv.ts";
import type { ReportDocument } from "./report-document.ts";
import { reportPdf } from "./report-pdf.ts";
import { reportXlsx } from "./report-xlsx.ts";

export const REPORT_CONTENT_TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
} as const;

/** A report's document written out in a format, as a stream of its bytes. */
export function renderReport(
  format: Exclude<ReportFormat, "json">,
  doc: ReportDocument,
  heading: { organization: string; preparedOn: string },
): Readable {
  return format === "csv" ? reportCsv(doc) : format === "xlsx" ? reportXlsx(doc) : reportPdf(doc, heading);
}
