import { type ReportRunRequest, reportRunSchema } from "@keyholder/contracts/report-runs";
import { api } from "../../../lib/api-client.ts";

/** POST /api/v1/report-runs: a report with its parameters, written to a file in the background. */
export const startReportRun = (body: ReportRunRequest) =>
  api("/report-runs", { method: "POST", body, schema: reportRunSchema });
