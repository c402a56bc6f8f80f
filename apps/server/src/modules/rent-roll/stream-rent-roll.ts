import type { RentRollQuery, RentRollRow } from "@keyholder/contracts/rent-roll";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { inProperties, propertyBatches } from "../../lib/reports/property-batches.ts";
import type { ReportDocument } from "../../lib/reports/report-document.ts";
import { propertyCondition, reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { leaseStandingSql } from "../leases/lease-standing.ts";
import { readRentRollRows } from "./read-rent-roll.ts";
import { rentRollFile } from "./rent-roll-document.ts";

const n = Number;

/**
 * A rent roll of any size as its file, written as it is read (issue 30 item 7): its properties in
 * the roll's order, in batches of about `batchRows` units, each batch read as a property's roll
 * is (readRentRollRows), so memory holds one batch, never the portfolio. The batches are read
 * twice, once for the current leases (the few on notice kept for their section) and once, lightly,
 * for the vacant units; the sections' counts come first, from one statement, for the heading.
 * All of it in the run's one transaction: one snapshot, as a roll read whole would be.
 */
export async function streamRentRoll(
  tx: Tx,
  orgId: string,
  q: RentRollQuery,
  o: { batchRows: number },
): Promise<ReportDocument> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const inProperty = propertyCondition(property);
  const [counts] = await rowsOf<{ units: string; current: string; notice: string; vacant: string }>(
    tx,
    sql`
    with standing as (
      select le.id, ${leaseStandingSql("le", asOf)} as standing from leases le
      where le.organization_id = ${orgId} ${inProperty("le.property_id")} and le.start_date <= ${asOf}::date
    ), held as (
      select distinct lu.unit_id from lease_units lu join standing s on s.id = lu.lease_id
      where lu.organization_id = ${orgId} and s.standing in ('current', 'notice') and lu.unit_id is not null
    )
    select (select count(*) from units where organization_id = ${orgId} ${inProperty("property_id")}) as units,
      (select count(*) from standing where standing = 'current') as current,
      (select count(*) from standing where standing = 'notice') as notice,
      (select count(*) from units u where u.organization_id = ${orgId} ${inProperty("u.property_id")}
        and u.unit_id not in (select unit_id from held)) as vacant`,
  );
  const batches = await propertyBatches(tx, orgId, inProperty, "units", o.batchRows);
  const read = (ids: string[], o: { vacantOnly?: boolean } = {}) =>
    readRentRollRows(tx, orgId, asOf, inProperties(ids), o);

  let onNotice: RentRollRow[] | null = null;
  let others: number | null = null;
  /** The first pass: current leases as they come, those on notice kept, the other leases' balances added. */
  async function* current(): AsyncIterable<RentRollRow> {
    const notice: RentRollRow[] = [];
    let balances = 0;
    for (const ids of batches) {
      const part = await read(ids);
      balances += part.others;
      for (const r of part.rows) {
        if (r.section === "current") yield r;
        else if (r.section === "notice") notice.push(r);
      }
    }
    [onNotice, others] = [notice, balances];
  }
  async function* vacant(): AsyncIterable<RentRollRow> {
    for (const ids of batches) yield* (await read(ids, { vacantOnly: true })).rows;
  }
  async function* notice(): AsyncIterable<RentRollRow> {
    // No current lease at all: the first pass runs for its notices alone.
    if (onNotice === null) for await (const _current of current()) void _current;
    yield* onNotice ?? [];
  }
  const units = n(counts?.units);
  const vacantUnits = n(counts?.vacant);
  return rentRollFile(
    {
      as_of: asOf,
      property,
      units,
      occupied: units - vacantUnits,
      notice: n(counts?.notice),
      vacant: vacantUnits,
    },
    { current: n(counts?.current), notice: n(counts?.notice), vacant: vacantUnits },
    (section) => (section === "current" ? current() : section === "notice" ? notice() : vacant()),
    async () => {
      // Read here only when no lease section read them (every unit vacant, or none at all).
      if (others === null) {
        others = 0;
        for (const ids of batches) others += (await read(ids)).others;
      }
      return others;
    },
  );
}
