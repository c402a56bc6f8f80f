import {
  type FileFormat,
  REPORT_RUN_PHASES,
  type ReportRun,
  type ReportRunPhase,
} from "@keyholder/contracts/report-runs";
import { REPORT_CATALOGUE } from "@keyholder/contracts/reports";
import type { SQL } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { jobFieldsOf, readJobRows } from "../../lib/jobs/job-rows.ts";
import { userName } from "../history/list-history.ts";
import { REPORT_RUN, type ReportRunParams, type ReportRunResult } from "./report-run-job.ts";

/** A user's report runs, newest first (`where` on the jobs alias j), as their Downloads list shows them. */
export async function readReportRuns(tx: Tx, where: SQL, limit: number, now: Date): Promise<ReportRun[]> {
  const rows = await readJobRows(tx, REPORT_RUN, where, limit);
  return rows.map((r) => {
    const params = r.params as unknown as ReportRunParams;
    const progress = r.progress as { phase?: ReportRunPhase; step?: number; steps?: number; rows?: number };
    const result = r.result as ReportRunResult | null;
    const phase = progress.phase && REPORT_RUN_PHASES.includes(progress.phase) ? progress.phase : "waiting";
    const kept = result && new Date(result.expires_at) > now;
    return {
      ...jobFieldsOf(r, userName),
      report: params.report,
      title: REPORT_CATALOGUE.find((c) => c.id === params.report)?.title ?? params.report,
      format: params.format as FileFormat,
      params: params.query ?? {},
      summary: result?.summary ?? null,
      email: Boolean(params.email),
      progress: {
        phase,
        step: progress.step ?? 0,
        steps: progress.steps ?? 3,
        // Rows written so far, while the file is written (rows-progress.ts).
        rows: phase === "writing" && typeof progress.rows === "number" ? progress.rows : null,
      },
      file:
        result && kept
          ? {
              name: result.file_name,
              bytes: result.bytes,
              url: `/api/v1/report-runs/${r.id}/file`,
              expires_at: result.expires_at,
            }
          : null,
    };
  });
}
