import {
  reportScheduleChangeSchema,
  reportScheduleIdParamsSchema,
  reportScheduleMessages,
  reportScheduleRequestSchema,
  reportScheduleSchema,
  reportSchedulesSchema,
} from "@keyholder/contracts/report-runs";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { readReportSchedules } from "./read-report-schedules.ts";
import { reportScheduleTick } from "./report-schedule-tick.ts";
import { createReportSchedule } from "./save-report-schedule.ts";

const tags = ["reports"];

/**
 * Reports sent each month (issue 30 item 7): a user's own schedules, each a background run of a
 * report as them on a day of the month, emailed to them. Each user sees and changes theirs only.
 */
const reportScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.schedule(reportScheduleTick);
  const mine = (userId: number, id?: string) =>
    id ? sql`s.user_id = ${userId} and s.id = ${id}` : sql`s.user_id = ${userId}`;
  const one = async (tx: Parameters<typeof readReportSchedules>[0], userId: number, id: string) => {
    const [schedule] = await readReportSchedules(tx, mine(userId, id));
    if (!schedule) throw notFound(reportScheduleMessages.notFound);
    return schedule;
  };

  app.get(
    "/report-schedules",
    {
      schema: {
        tags,
        summary: "The signed-in user's report schedules: each report, its parameters, format and day of the month",
        response: { 200: reportSchedulesSchema },
      },
    },
    async (request) => {
      const { userId } = actorOf(request.auth);
      return { schedules: await request.withOrg((tx) => readReportSchedules(tx, mine(userId))) };
    },
  );

  app.post(
    "/report-schedules",
    {
      schema: {
        tags,
        summary:
          "Send a report to yourself each month: its id, its parameters without days (they follow the day it runs), the format (pdf when left out) and the day of the month (1–28); from the next such day on (201)",
        body: reportScheduleRequestSchema,
        response: { 201: reportScheduleSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      const actor = actorOf(auth);
      const user = { ...actor, roleName: auth?.roleName ?? "", roleLabel: auth?.roleLabel ?? "" };
      const schedule = await request.withOrg(async (tx) =>
        one(tx, actor.userId, await createReportSchedule(app, tx, user, request.body)),
      );
      return reply.code(201).send(schedule);
    },
  );

  app.patch(
    "/report-schedules/:id",
    {
      schema: {
        tags,
        summary: "Change one of your schedules: its format, its day of the month, or pause and resume it",
        params: reportScheduleIdParamsSchema,
        body: reportScheduleChangeSchema,
        response: { 200: reportScheduleSchema },
      },
    },
    async (request) => {
      const { userId } = actorOf(request.auth);
      const b = request.body;
      return request.withOrg(async (tx) => {
        await one(tx, userId, request.params.id);
        await tx.execute(sql`update report_schedules set
            format = coalesce(${b.format ?? null}, format),
            day_of_month = coalesce(${b.day_of_month ?? null}::smallint, day_of_month),
            is_active = coalesce(${b.is_active ?? null}::boolean, is_active), updated_at = now()
          where user_id = ${userId} and id = ${request.params.id}`);
        return one(tx, userId, request.params.id);
      });
    },
  );

  app.delete(
    "/report-schedules/:id",
    {
      schema: {
        tags,
        summary: "Stop sending one of your reports (204)",
        params: reportScheduleIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { userId } = actorOf(request.auth);
      await request.withOrg(async (tx) => {
        await one(tx, userId, request.params.id);
        await tx.execute(sql`delete from report_schedules where user_id = ${userId} and id = ${request.params.id}`);
      });
      return reply.code(204).send();
    },
  );
};

export default reportScheduleRoutes;
