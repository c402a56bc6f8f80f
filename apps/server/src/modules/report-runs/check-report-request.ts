import { permissionMessages } from "@keyholder/contracts/permissions";
import { reportRunMessages } from "@keyholder/contracts/report-runs";
import type { FastifyInstance } from "fastify";
import { badRequest, forbidden } from "../../lib/http-error.ts";
import { parseFormFields } from "../../lib/validation-fields.ts";
import { mayReadReport, reportPermission } from "./report-permission.ts";

/**
 * A report asked for by a user to run later (now in the background, or each month): one of the
 * catalogue's, which their role may read, with parameters its route would take. Said at once, so a
 * mistake never waits for a job to fail.
 */
export function checkReportRequest(
  app: FastifyInstance,
  user: { roleName: string; roleLabel: string },
  request: { report: string; params: Record<string, string>; format: string },
) {
  const report = app.reports.get(request.report);
  if (!report) throw badRequest(reportRunMessages.report, { report: [reportRunMessages.report] });
  if (!mayReadReport(user.roleName, request.report)) {
    const permission = [reportPermission(request.report) ?? []].flat()[0];
    throw forbidden(permission ? permissionMessages.denied(user.roleLabel, permission) : reportRunMessages.report);
  }
  parseFormFields(report.query, { ...request.params, format: request.format });
}
