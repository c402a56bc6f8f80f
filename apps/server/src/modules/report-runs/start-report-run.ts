import { permissionMessages } from "@keyholder/contracts/permissions";
import { reportRunMessages, type reportRunRequestSchema } from "@keyholder/contracts/report-runs";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { badRequest, forbidden } from "../../lib/http-error.ts";
import { parseFormFields } from "../../lib/validation-fields.ts";
import { mayReadReport, reportPermission } from "./report-permission.ts";
import { REPORT_RUN } from "./report-run-job.ts";

/**
 * POST /report-runs: a report the user may read, with parameters its route would take (checked now,
 * so a mistake is said at once, not by a failed job), queued as a background run of theirs.
 */
export async function startReportRun(
  app: FastifyInstance,
  tx: Tx,
  user: { orgId: string; userId: number; roleName: string; roleLabel: string },
  request: z.output<typeof reportRunRequestSchema>,
): Promise<string> {
  const report = app.reports.get(request.report);
  if (!report) throw badRequest(reportRunMessages.report, { report: [reportRunMessages.report] });
  if (!mayReadReport(user.roleName, request.report)) {
    const permission = [reportPermission(request.report) ?? []].flat()[0];
    throw forbidden(permission ? permissionMessages.denied(user.roleLabel, permission) : reportRunMessages.report);
  }
  parseFormFields(report.query, { ...request.params, format: request.format });
  const id = await app.jobs.enqueue(tx, {
    orgId: user.orgId,
    kind: REPORT_RUN,
    params: {
      report: request.report,
      query: request.params,
      format: request.format,
      email: request.email,
      user_id: user.userId,
    },
    requestedBy: user.userId,
  });
  if (!id) throw new Error("a report run has no dedupe key: it is always queued");
  return id;
}
