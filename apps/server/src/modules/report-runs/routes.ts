import { errorCodes } from "@keyholder/contracts/errors";
import { jobIdParamsSchema } from "@keyholder/contracts/jobs";
import {
  reportRunMessages,
  reportRunRequestSchema,
  reportRunSchema,
  reportRunsSchema,
} from "@keyholder/contracts/report-runs";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { REPORT_CONTENT_TYPES } from "../../lib/reports/render-report.ts";
import { readReportRuns } from "./read-report-runs.ts";
import { reportFilesSweep } from "./report-files-sweep.ts";
import { reportFileKey, reportRunHandler } from "./report-run-job.ts";
import { startReportRun } from "./start-report-run.ts";

const tags = ["reports"];

/**
 * Reports run in the background (issue 30 item 7): started from a report's screen, followed in the
 * user's Downloads list, the finished file downloaded from there (or from the emailed link) while it
 * is kept. Each user sees their own runs only.
 */
const reportRunRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(reportRunHandler(app));
  app.jobs.schedule(reportFilesSweep(app));

  app.post(
    "/report-runs",
    {
      schema: {
        tags,
        summary:
          "Run a report in the background: its id, its parameters as GET /reports/{report} takes them, the file's format (csv, xlsx, pdf) and whether to email a link when it is ready (202, the run)",
        body: reportRunRequestSchema,
        response: { 202: reportRunSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const actor = actorOf(auth);
      const user = { ...actor, roleName: auth?.roleName ?? "", roleLabel: auth?.roleLabel ?? "" };
      const run = await request.withOrg(async (tx) => {
        const id = await startReportRun(app, tx, user, request.body);
        const [row] = await readReportRuns(tx, sql`j.id = ${id}`, 1, app.now());
        if (!row) throw new Error("the run just queued is not there");
        return row;
      });
      app.jobs.wake();
      return reply.code(202).send(run);
    },
  );

  app.get(
    "/report-runs",
    {
      schema: {
        tags,
        summary:
          "The signed-in user's report runs, newest first (the last 50): their progress and, once written, their file",
        response: { 200: reportRunsSchema },
      },
    },
    async (request) => {
      const { userId } = actorOf(request.auth);
      const runs = await request.withOrg((tx) => readReportRuns(tx, sql`j.requested_by = ${userId}`, 50, app.now()));
      return { runs };
    },
  );

  app.get(
    "/report-runs/:id",
    {
      schema: {
        tags,
        summary: "One of the user's report runs: where it is and, once written, its file",
        params: jobIdParamsSchema,
        response: { 200: reportRunSchema },
      },
    },
    async (request) => {
      const { userId } = actorOf(request.auth);
      const [run] = await request.withOrg((tx) =>
        readReportRuns(tx, sql`j.id = ${request.params.id} and j.requested_by = ${userId}`, 1, app.now()),
      );
      if (!run) throw notFound();
      return run;
    },
  );

  app.get(
    "/report-runs/:id/file",
    {
      schema: {
        tags,
        summary:
          "The file a report run wrote, while it is kept (404 for another user's run; 409 before it is ready; 410 once gone)",
        params: jobIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { userId } = actorOf(request.auth);
      const [run] = await request.withOrg((tx) =>
        readReportRuns(tx, sql`j.id = ${request.params.id} and j.requested_by = ${userId}`, 1, app.now()),
      );
      if (!run) throw notFound();
      if (run.status !== "succeeded") throw new HttpError(409, errorCodes.conflict, reportRunMessages.notReady);
      // Streamed from the store: a file of a million rows is never held whole here.
      const body = run.file
        ? await app.storage.getStream(reportFileKey(actorOf(request.auth).orgId, run.id, run.format))
        : null;
      if (!body) throw new HttpError(410, errorCodes.gone, reportRunMessages.gone);
      return reply
        .header("content-type", REPORT_CONTENT_TYPES[run.format])
        .header("content-length", String(run.file?.bytes ?? ""))
        .header("content-disposition", `attachment; filename="${run.file?.name}"`)
        .send(body);
    },
  );
};

export default reportRunRoutes;
