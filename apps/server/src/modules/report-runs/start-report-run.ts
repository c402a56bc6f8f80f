import type { reportRunRequestSchema } from "@keyholder/contracts/report-runs";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { checkReportRequest } from "./check-report-request.ts";
import { REPORT_RUN } from "./report-run-job.ts";

/** POST /report-runs: a report the user may read, checked now, queued as a background run of theirs. */
export async function startReportRun(
  app: FastifyInstance,
  tx: Tx,
  user: { orgId: string; userId: number; roleName: string; roleLabel: string },
  request: z.output<typeof reportRunRequestSchema>,
): Promise<string> {
  checkReportRequest(app, user, request);
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
