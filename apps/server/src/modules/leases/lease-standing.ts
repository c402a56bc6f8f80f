import type { LeaseStanding } from "@keyholder/contracts/delinquency";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";

/**
 * Where a lease stood on a day, for reports as of any day (issue 30): `future` before its start (or
 * never moved in), `current` from its start until it was moved out (an ended lease never moved out:
 * its move-out or end date; an active one past its end is holding over and still current),
 * `notice` from the day notice was given, `past` after, and a canceled lease always. `alias` is the
 * leases table's alias in the query (a fixed name, never input); the day a civil date or a column.
 */
export function leaseStandingSql(alias: "le" | "l", asOf: string | SQL): SQL<string> {
  const a = sql.raw(alias);
  return sql<string>`case
    when ${a}.status = 'canceled' then 'past'
    when ${a}.status = 'pending' or ${a}.start_date > ${asOf}::date then 'future'
    when coalesce(${a}.moved_out_on, case when ${a}.status = 'ended' then coalesce(${a}.move_out_date, ${a}.end_date) end,
      'infinity'::date) < ${asOf}::date then 'past'
    when ${a}.notice_given_on <= ${asOf}::date then 'notice'
    else 'current' end`;
}

/** What a report shows of each lease it lists, with its standing on the report's day. */
export interface LeaseFacts {
  lease: { id: string; lease_no: number };
  property: { id: string; name: string };
  unit_names: string;
  tenant_names: string;
  standing: LeaseStanding;
}

/** The leases of `ids` as reports show them on a day, by id (row-level security keeps a user to theirs). */
export async function readLeaseFacts(tx: Tx, orgId: string, ids: string[], asOf: string) {
  if (!ids.length) return new Map<string, LeaseFacts>();
  const { rows } = (await tx.execute(
    sql`select le.id, le.lease_no, le.property_id, le.property_name, le.unit_names, le.tenant_names,
      ${leaseStandingSql("le", asOf)} as standing
    from leases le where le.organization_id = ${orgId} and le.id = any(${`{${ids.join(",")}}`}::uuid[])`,
  )) as unknown as {
    rows: {
      id: string;
      lease_no: string;
      property_id: string;
      property_name: string;
      unit_names: string;
      tenant_names: string;
      standing: LeaseStanding;
    }[];
  };
  return new Map(
    rows.map((l) => [
      l.id,
      {
        lease: { id: l.id, lease_no: Number(l.lease_no) },
        property: { id: l.property_id, name: l.property_name },
        unit_names: l.unit_names,
        tenant_names: l.tenant_names,
        standing: l.standing,
      },
    ]),
  );
}
