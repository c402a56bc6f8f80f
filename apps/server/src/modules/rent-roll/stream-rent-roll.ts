import type { RentRollQuery, RentRollRow } from "@keyholder/contracts/rent-roll";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { inProperties, propertyBatches } from "../../lib/reports/property-batches.ts";
import { readAhead } from "../../lib/reports/read-ahead.ts";
import type { ReportDocument } from "../../lib/reports/report-document.ts";
import { propertyCondition, reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { leaseStandingSql } from "../leases/lease-standing.ts";
import { readRentRollRows, readVacantRows } from "./read-rent-roll.ts";
import { rentRollFile } from "./rent-roll-document.ts";

const n = Number;

/**
 * A rent roll of any size as its file, written as it is read (issue 30 item 7): its properties in
 * the roll's order, in batches of about `batchRows` units, each batch read as a property's roll
 * is (readRentRollRows), so memory holds one batch, never the portfolio. The batches are read once
 * for the leases (the few on notice kept for their section, and the vacant units' ids), then the
 * vacant units by those ids; the sections' counts come first, from one statement, for the heading.
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

  let onNotice: RentRollRow[] = [];
  let others = 0;
  // Each batch's vacant units by id, from the first pass, for the last section's rows (a few numbers).
  const vacantIds: number[][] = [];
  let passed = false;
  /** The first pass: current leases as they come, those on notice kept, the other leases' balances added. */
  async function* current(): AsyncIterable<RentRollRow> {
    const parts = readAhead(batches, (ids) =>
      readRentRollRows(tx, orgId, asOf, inProperties(ids), { vacantRows: false }),
    );
    for await (const part of parts) {
      others += part.others;
      vacantIds.push(part.vacantIds);
      for (const r of part.rows) {
        if (r.section === "current") yield r;
        else onNotice.push(r);
      }
    }
    passed = true;
  }
  // A section with no current lease leaves the first pass to whichever section comes next.
  const firstPass = async () => {
    if (!passed) for await (const _current of current()) void _current;
  };
  async function* notice(): AsyncIterable<RentRollRow> {
    await firstPass();
    yield* onNotice;
    onNotice = [];
  }
  async function* vacant(): AsyncIterable<RentRollRow> {
    await firstPass();
    for await (const rows of readAhead(vacantIds, (ids) => readVacantRows(tx, orgId, asOf, ids))) yield* rows;
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
      await firstPass();
      return others;
    },
  );
}
