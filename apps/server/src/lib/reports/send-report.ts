import type { ReportFormat } from "@keyholder/contracts/reports";
import type { FastifyReply } from "fastify";
import { reportCsv } from "./report-csv.ts";
import type { ReportDocument } from "./report-document.ts";
import { reportPdf } from "./report-pdf.ts";
import { reportXlsx } from "./report-xlsx.ts";

const TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
} as const;

/** A report downloaded as CSV, Excel or PDF, streamed as it is written. */
export function sendReport(
  reply: FastifyReply,
  format: Exclude<ReportFormat, "json">,
  doc: ReportDocument,
  o: { organization: string; preparedOn: string },
) {
  const body = format === "csv" ? reportCsv(doc) : format === "xlsx" ? reportXlsx(doc) : reportPdf(doc, o);
  return reply
    .header("content-type", TYPES[format])
    .header("content-disposition", `attachment; filename="${doc.fileName}.${format}"`)
    .send(body);
}
