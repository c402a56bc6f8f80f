import { DATE_PARAMS, type reportScheduleRequestSchema } from "@keyholder/contracts/report-runs";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { checkReportRequest } from "../report-runs/check-report-request.ts";

/**
 * POST /report-schedules: a report the user may read, its parameters without days (those follow the
 * day it runs), sent to them on a day of each month, from the next such day on: a day already past
 * this month waits for the next month.
 */
export async function createReportSchedule(
  app: FastifyInstance,
  tx: Tx,
  user: { orgId: string; userId: number; roleName: string; roleLabel: string },
  request: z.output<typeof reportScheduleRequestSchema>,
): Promise<string> {
  const params = Object.fromEntries(
    Object.entries(request.params).filter(([k, v]) => v && !(DATE_PARAMS as readonly string[]).includes(k)),
  );
  checkReportRequest(app, user, { report: request.report, params, format: request.format });
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`insert into report_schedules (organization_id, user_id, report, params, format, day_of_month, last_period)
      select ${user.orgId}, ${user.userId}, ${request.report}, ${JSON.stringify(params)}::jsonb, ${request.format},
        ${request.day_of_month},
        case when extract(day from t.today) >= ${request.day_of_month} then date_trunc('month', t.today)::date end
      from organizations o
      cross join lateral (select (${app.now().toISOString()}::timestamptz at time zone o.time_zone)::date as today) t
      where o.id = ${user.orgId}
      returning id`,
  );
  if (!row) throw new Error("the schedule was not saved");
  return row.id;
}
