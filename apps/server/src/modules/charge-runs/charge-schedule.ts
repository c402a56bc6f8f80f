import { sql } from "drizzle-orm";
import type { JobSchedule } from "../../plugins/jobs.ts";
import { CHARGE_RUN } from "./charge-run-job.ts";

/**
 * Every organization with a charge or late fee due by its today (in its time zone) gets that day's
 * charge run, once: the key "charge-run:<day>" makes a second server's tick, or the next one, queue
 * nothing. After downtime the first tick queues a run through today, which posts every month missed.
 */
export const chargeSchedule: JobSchedule = {
  name: "charge-runs",
  async run(tx, now) {
    await tx.execute(sql`
      insert into jobs (organization_id, kind, params, dedupe_key)
      select o.id, ${CHARGE_RUN}, jsonb_build_object('through', t.today::text, 'trigger', 'schedule'),
        ${`${CHARGE_RUN}:`} || t.today::text
      from organizations o
      cross join lateral (select (${now.toISOString()}::timestamptz at time zone o.time_zone)::date as today) t
      where exists (
        select 1 from recurring_charges r where r.organization_id = o.id and r.charge_from <= t.today)
        or exists (select 1 from recurring_charges r where r.organization_id = o.id and r.late_fee_from <= t.today)
      on conflict (organization_id, dedupe_key) where dedupe_key is not null do nothing`);
  },
};
