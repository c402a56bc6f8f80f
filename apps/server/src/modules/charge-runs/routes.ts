import { jobIdParamsSchema } from "@keyholder/contracts/jobs";
import {
  chargeRunMessages,
  chargeRunRequestSchema,
  chargeRunSchema,
  chargeRunsSchema,
} from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { chargeRunHandler } from "./charge-run-job.ts";
import { chargeSchedule } from "./charge-schedule.ts";
import { readChargeRuns } from "./read-charge-runs.ts";
import { startChargeRun } from "./start-charge-run.ts";

const tags = ["charge runs"];

/**
 * Charge runs (issue 27, item 6): the job posting recurring charges and late fees, run on a schedule
 * and on demand; administrators follow its progress and result here.
 */
const chargeRunRoutes: FastifyPluginAsyncZod = async (app) => {
  // The embedded database runs one statement at a time: smaller steps let requests in between.
  app.jobs.register(chargeRunHandler(() => (app.dbKind === "pglite" ? 1000 : 5000)));
  app.jobs.schedule(chargeSchedule);

  app.post(
    "/charge-runs",
    {
      schema: {
        tags,
        summary:
          "Run charges now through a day: every recurring charge and late fee due by then, each month once (202; a run through that day already waiting answers 200)",
        body: chargeRunRequestSchema,
        response: { 200: chargeRunSchema, 202: chargeRunSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request.auth);
      const { run, created } = await request.withOrg((tx) =>
        startChargeRun(tx, actor, request.body.through, { now: app.now(), enqueue: app.jobs.enqueue }),
      );
      if (created) app.jobs.wake();
      return reply.status(created ? 202 : 200).send(run);
    },
  );

  app.get(
    "/charge-runs",
    {
      schema: {
        tags,
        summary:
          "The latest charge runs (scheduled or asked for), newest first, with their progress and what they posted",
        response: { 200: chargeRunsSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      return { runs: await request.withOrg((tx) => readChargeRuns(tx, sql`j.organization_id = ${orgId}`, 20)) };
    },
  );

  app.get(
    "/charge-runs/:id",
    {
      schema: {
        tags,
        summary: "One charge run: waiting, running (how far), finished (what it posted) or failed (why)",
        params: jobIdParamsSchema,
        response: { 200: chargeRunSchema },
      },
    },
    async (request) => {
      const { orgId } = actorOf(request.auth);
      const [run] = await request.withOrg((tx) =>
        readChargeRuns(tx, sql`j.organization_id = ${orgId} and j.id = ${request.params.id}`, 1),
      );
      if (!run) throw notFound(chargeRunMessages.notFound);
      return run;
    },
  );
};

export default chargeRunRoutes;
