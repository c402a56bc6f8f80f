import { errorCodes } from "@keyholder/contracts/errors";
import { leaseMessages } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import type { LeaseHolding } from "./lease-references.ts";
import { refusing, rowsOf } from "./lease-sql.ts";

export interface HoldRange {
  startsOn: string;
  endsOn: string | null;
  holds: boolean;
}

/**
 * The days a lease holds its units: from its start to its end (fixed term), to the move-out date
 * once one is known (notice, moved out), open while month-to-month; a canceled lease holds nothing.
 */
export function holdRangeOf(lease: {
  status: string;
  term: string;
  start_date: string;
  end_date: string | null;
  move_out_date: string | null;
}): HoldRange {
  const endsOn = lease.move_out_date ?? (lease.term === "fixed" ? lease.end_date : null);
  return { startsOn: lease.start_date, endsOn, holds: lease.status !== "canceled" };
}

/**
 * Writes the units and zones a lease holds, replacing those it held. The exclusion constraint
 * lease_units_no_overlap refuses two holding leases of one unit on one day whatever writes them;
 * its refusal is answered with the unit and the days of the lease already holding it (409).
 */
export async function writeHoldings(
  tx: Tx,
  o: { orgId: string; leaseId: string; propertyId: string; holdings: readonly LeaseHolding[]; range: HoldRange },
) {
  const { range } = o;
  await refusing(
    tx,
    {
      code: "23P01",
      constraint: "lease_units_no_overlap",
      explain: () => overlapError(tx, o.leaseId, o.holdings, range),
    },
    async (sp) => {
      await sp.execute(sql`delete from lease_units where lease_id = ${o.leaseId}`);
      const rows = o.holdings.map((h) => ({ unit_id: h.unitId, zone_id: h.zoneId }));
      await sp.execute(sql`
        insert into lease_units (organization_id, lease_id, property_id, unit_id, zone_id, starts_on, ends_on, holds)
        select ${o.orgId}, ${o.leaseId}, ${o.propertyId}, x.unit_id, x.zone_id, ${range.startsOn}::date,
          ${range.endsOn}::date, ${range.holds}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(unit_id bigint, zone_id bigint)`);
    },
  );
}

/** Changes only the days (and whether it holds) of what a lease holds, as its dates or status change. */
export async function updateHoldRange(
  tx: Tx,
  o: { leaseId: string; holdings: readonly LeaseHolding[]; range: HoldRange },
) {
  await refusing(
    tx,
    {
      code: "23P01",
      constraint: "lease_units_no_overlap",
      explain: () => overlapError(tx, o.leaseId, o.holdings, o.range),
    },
    (sp) =>
      sp.execute(sql`update lease_units set starts_on = ${o.range.startsOn}::date, ends_on = ${o.range.endsOn}::date,
        holds = ${o.range.holds} where lease_id = ${o.leaseId}`),
  );
}

async function overlapError(tx: Tx, leaseId: string, holdings: readonly LeaseHolding[], range: HoldRange) {
  const unitIds = holdings.flatMap((h) => (h.unitId === null ? [] : [h.unitId]));
  const [found] = await rowsOf<{ unit: string; starts_on: string; ends_on: string | null }>(
    tx,
    sql`select u.unit_number as unit, lu.starts_on::text as starts_on, lu.ends_on::text as ends_on
      from lease_units lu join units u on u.organization_id = lu.organization_id and u.unit_id = lu.unit_id
      where lu.unit_id = any(${`{${unitIds.join(",")}}`}::bigint[]) and lu.holds and lu.lease_id <> ${leaseId}
        and daterange(lu.starts_on, lu.ends_on, '[]') && daterange(${range.startsOn}::date, ${range.endsOn}::date, '[]')
      order by lu.starts_on limit 1`,
  );
  const message = found
    ? leaseMessages.unitLeased(found.unit, found.starts_on, found.ends_on)
    : leaseMessages.unitLeasedUnknown;
  return new HttpError(409, errorCodes.conflict, message, { units: [message] });
}
