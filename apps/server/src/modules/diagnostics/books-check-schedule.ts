import { sql } from "drizzle-orm";
import type { JobSchedule } from "../../plugins/jobs.ts";
import { BOOKS_CHECK } from "./books-check-job.ts";

/**
 * Each night, every organization with books (anything posted) gets its check once: the key
 * "books-check:<day>" of its own today makes every later tick of that day, on any server, queue
 * nothing; the first tick after its midnight queues the next.
 */
export const booksCheckSchedule: JobSchedule = {
  name: "books-checks",
  async run(tx, now) {
    await tx.execute(sql`
      insert into jobs (organization_id, kind, params, dedupe_key)
      select o.id, ${BOOKS_CHECK}, jsonb_build_object('day', t.today::text), ${`${BOOKS_CHECK}:`} || t.today::text
      from organizations o
      cross join lateral (select (${now.toISOString()}::timestamptz at time zone o.time_zone)::date as today) t
      where exists (select 1 from ledger_account_balances b where b.organization_id = o.id)
      on conflict (organization_id, dedupe_key) where dedupe_key is not null do nothing`);
  },
};
