import type { ReportFormat } from "@keyholder/contracts/reports";
import type { FastifyReply } from "fastify";
import { REPORT_CONTENT_TYPES, renderReport } from "./render-report.ts";
import type { ReportDocument } from "./report-document.ts";

/** A report downloaded as CSV, Excel or PDF, streamed as it is written. */
export function sendReport(
  reply: FastifyReply,
  format: Exclude<ReportFormat, "json">,
  doc: ReportDocument,
  o: { organization: string; preparedOn: string },
) {
  return reply
    .header("content-type", REPORT_CONTENT_TYPES[format])
    .header("content-disposition", `attachment; filename="${doc.fileName}.${format}"`)
    .send(renderReport(format, doc, o));
}
