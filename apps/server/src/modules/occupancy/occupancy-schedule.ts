import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { JobSchedule } from "../../plugins/jobs.ts";

/**
 * The daily half of "occupancy follows leases" (issue 27 item 12). Lease changes refresh their
 * units at once (triggers, migration occupancy_follows_leases); a lease that starts or ends on a
 * later day changes nothing until that day comes. Each tick refreshes, per organization, the units
 * whose leases started or ended since the last day applied (from two indexes, a day's few rows),
 * so after downtime every day missed is caught up in one pass; an organization refreshed for the
 * first time gets all its leased units refreshed.
 */
export const occupancySchedule: JobSchedule = {
  name: "occupancy",
  async run(tx, now) {
    const { rows } = (await tx.execute(sql`
      select o.id as org, t.today::text as today, r.refreshed_on::text as since
      from organizations o
      cross join lateral (select (${now.toISOString()}::timestamptz at time zone o.time_zone)::date as today) t
      left join occupancy_refreshes r on r.organization_id = o.id
      where r.refreshed_on is null or r.refreshed_on < t.today`)) as unknown as {
      rows: { org: string; today: string; since: string | null }[];
    };
    for (const row of rows) await refreshOrganization(tx, row.org, row.today, row.since);
  },
};

async function refreshOrganization(tx: Tx, org: string, today: string, since: string | null) {
  // A lease starting after `since` up to today begins to hold its unit; one that ended on `since`
  // up to yesterday stops. With no day applied yet, every unit with lease history.
  const changed =
    since === null
      ? sql`select unit_id from lease_units where organization_id = ${org} and unit_id is not null`
      : sql`select unit_id from lease_units
          where organization_id = ${org} and unit_id is not null and starts_on > ${since}::date and starts_on <= ${today}::date
          union
          select unit_id from lease_units
          where organization_id = ${org} and unit_id is not null and ends_on >= ${since}::date and ends_on < ${today}::date`;
  await tx.execute(sql`
    select refresh_unit_occupancy(${org}::uuid, coalesce((select array_agg(distinct unit_id) from (${changed}) c), '{}'), ${today}::date)`);
  await tx.execute(sql`
    insert into occupancy_refreshes (organization_id, refreshed_on) values (${org}, ${today}::date)
    on conflict (organization_id) do update set refreshed_on = excluded.refreshed_on`);
}
