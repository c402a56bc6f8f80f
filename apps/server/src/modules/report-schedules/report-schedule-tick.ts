import { sql } from "drizzle-orm";
import type { JobSchedule } from "../../plugins/jobs.ts";
import { REPORT_RUN } from "../report-runs/report-run-job.ts";

/**
 * Each tick, every active report schedule whose day of the month has come in its organization's
 * time zone and that was not sent this month queues one background run as its owner, emailed to
 * them; the key "report-schedule:<id>:<month>" makes a second tick or server queue nothing, and
 * after downtime the month's run is queued by the first tick back.
 */
export const reportScheduleTick: JobSchedule = {
  name: "report-schedules",
  async run(tx, now) {
    await tx.execute(sql`
      with due as (
        select s.organization_id, s.id, s.user_id, s.report, s.params, s.format,
          date_trunc('month', t.today)::date as month
        from report_schedules s
        join organizations o on o.id = s.organization_id
        cross join lateral (select (${now.toISOString()}::timestamptz at time zone o.time_zone)::date as today) t
        where s.is_active and extract(day from t.today) >= s.day_of_month
          and (s.last_period is null or s.last_period < date_trunc('month', t.today)::date)
      ), queued as (
        insert into jobs (organization_id, kind, params, dedupe_key, requested_by)
        select organization_id, ${REPORT_RUN},
          jsonb_build_object('report', report, 'query', params, 'format', format, 'email', true,
            'user_id', user_id, 'schedule_id', id),
          'report-schedule:' || id || ':' || month, user_id
        from due
        on conflict (organization_id, dedupe_key) where dedupe_key is not null do nothing
      )
      update report_schedules s set last_period = due.month, updated_at = now()
      from due where s.organization_id = due.organization_id and s.id = due.id`);
  },
};
