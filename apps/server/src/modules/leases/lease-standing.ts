import { type SQL, sql } from "drizzle-orm";

/**
 * Where a lease stood on a day, for reports as of any day (issue 30): `future` before its start (or
 * never moved in), `current` from its start until it was moved out (an ended lease never moved out:
 * its move-out or end date; an active one past its end is holding over and still current),
 * `notice` from the day notice was given, `past` after, and a canceled lease always. `alias` is the
 * leases table's alias in the query (a fixed name, never input).
 */
export function leaseStandingSql(alias: "le" | "l", asOf: string): SQL<string> {
  const a = sql.raw(alias);
  return sql<string>`case
    when ${a}.status = 'canceled' then 'past'
    when ${a}.status = 'pending' or ${a}.start_date > ${asOf}::date then 'future'
    when coalesce(${a}.moved_out_on, case when ${a}.status = 'ended' then coalesce(${a}.move_out_date, ${a}.end_date) end,
      'infinity'::date) < ${asOf}::date then 'past'
    when ${a}.notice_given_on <= ${asOf}::date then 'notice'
    else 'current' end`;
}
