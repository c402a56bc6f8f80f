import { daysBetween } from "@keyholder/contracts/civil-date";
import {
  RENT_ROLL_SECTIONS,
  type RentRoll,
  type RentRollQuery,
  type RentRollRow,
} from "@keyholder/contracts/rent-roll";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { byName } from "../../lib/reports/property-batches.ts";
import { propertyCondition, reportDayAndProperty } from "../../lib/reports/report-property.ts";
import { checkReportRows } from "../../lib/reports/report-rows.ts";
import { leaseFiguresAfter } from "../leases/lease-figures-after.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { leaseStandingSql } from "../leases/lease-standing.ts";

interface LeaseRow {
  id: string;
  lease_no: string;
  property_id: string;
  property_name: string;
  tenant_names: string;
  start_date: string;
  end_date: string | null;
  moved_in_on: string | null;
  move_out_date: string | null;
  on_notice: boolean;
  unit_ids: (string | number)[] | null;
  rent: string;
  other: string;
}

interface UnitRow {
  unit_id: string;
  unit_number: string;
  property_id: string;
  property_name: string;
  market: string | null;
}

const n = Number;

/**
 * GET /reports/rent-roll: every unit of the organization (or a property) at the end of a day: the
 * leases current or on notice that day (leaseStandingSql) and the units none held. Each figure is
 * as of the day: the monthly charges in effect, and the deposits held and balance, each kept as
 * lines are posted (lease_balances) less what was posted after the day, so today's roll reads no
 * history and an older one reads only the lines since. Row-level security limits a user of some properties.
 */
export async function readRentRoll(tx: Tx, orgId: string, q: RentRollQuery): Promise<RentRoll> {
  const { asOf, property } = await reportDayAndProperty(tx, orgId, q);
  const inProperty = propertyCondition(property);

  const [count] = await rowsOf<{ units: string }>(
    tx,
    sql`select count(*) as units from units where organization_id = ${orgId} ${inProperty("property_id")}`,
  );
  checkReportRows(tx, n(count?.units ?? 0));

  const { rows, units, vacantIds, others } = await readRentRollRows(tx, orgId, asOf, inProperty);
  const vacant = vacantIds.length;
  const sum = (pick: (r: RentRollRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    as_of: asOf,
    property,
    rows,
    totals: {
      units,
      occupied: units - vacant,
      notice: rows.filter((r) => r.section === "notice").length,
      vacant,
      market_rent_cents: sum((r) => r.market_rent_cents ?? 0),
      rent_cents: sum((r) => r.rent_cents),
      other_charges_cents: sum((r) => r.other_charges_cents),
      deposits_held_cents: sum((r) => r.deposits_held_cents),
      balance_cents: sum((r) => r.balance_cents),
    },
    other_leases_balance_cents: others,
  };
}

/**
 * The rent roll's rows of the units `inProperty` names (the organization's, a property's, or a batch
 * of properties' for a file written in parts), in the roll's order: sections, then properties by
 * name, then units; with the units counted, the vacant units' ids, and the balances of their leases
 * not on the roll. `vacantRows: false` leaves the vacant units' rows to be read later by their ids
 * (readVacantRows), as a file written in parts does for its last section.
 */
export async function readRentRollRows(
  tx: Tx,
  orgId: string,
  asOf: string,
  inProperty: (column: string) => SQL,
  o: { vacantRows?: boolean } = {},
): Promise<{ rows: RentRollRow[]; units: number; vacantIds: number[]; others: number }> {
  const leases = await rowsOf<LeaseRow>(
    tx,
    sql`
    with roll as (
      select * from (
        select le.id, le.lease_no, le.property_id, le.property_name, le.tenant_names, le.start_date::text,
          le.end_date::text, le.moved_in_on::text, le.move_out_date::text,
          ${leaseStandingSql("le", asOf)} = 'notice' as on_notice, ${leaseStandingSql("le", asOf)} as standing
        from leases le
        where le.organization_id = ${orgId} ${inProperty("le.property_id")} and le.start_date <= ${asOf}::date
      ) x where standing in ('current', 'notice')
    )
    select r.*, u.unit_ids, rc.rent, rc.other
    from roll r
    left join lateral (
      select array_agg(lu.unit_id order by lu.unit_id) as unit_ids from lease_units lu
      where lu.organization_id = ${orgId} and lu.lease_id = r.id and lu.unit_id is not null
    ) u on true
    ${monthlyCharges(orgId, asOf)}`,
  );

  // Every lease's balance and deposits held at the end of the day: the kept figures less what was
  // posted after it (credit-normal deposits the other way round).
  const balances = await rowsOf<{ lease_id: string; balance: string; held: string }>(
    tx,
    sql`
    select b.lease_id, b.balance_cents - coalesce(after.ledger, 0) as balance,
      b.security_deposit_cents + b.other_deposits_cents + coalesce(after.security, 0) + coalesce(after.other, 0) as held
    from lease_balances b
    left join (${leaseFiguresAfter(orgId, asOf, inProperty)}) after on after.lease_id = b.lease_id
    where b.organization_id = ${orgId} ${inProperty("b.property_id")}
      and (b.balance_cents <> 0 or b.security_deposit_cents + b.other_deposits_cents <> 0 or after.lease_id is not null)`,
  );
  const balanceOf = new Map(balances.map((b) => [b.lease_id, n(b.balance)]));
  const heldOf = new Map(balances.map((b) => [b.lease_id, n(b.held)]));

  const units = await rowsOf<UnitRow>(tx, sql`${unitSelect(orgId)} ${inProperty("property_id")}`);
  const unitById = new Map(units.map((u) => [n(u.unit_id), u]));
  const leased = new Set<number>();
  for (const l of leases) for (const id of l.unit_ids ?? []) leased.add(n(id));
  const vacant = units.filter((u) => !leased.has(n(u.unit_id)));

  const rows: RentRollRow[] = [];
  for (const l of leases) {
    const leaseUnits = (l.unit_ids ?? []).map((id) => unitById.get(n(id))).filter((u) => u !== undefined);
    const markets = leaseUnits.map((u) => u.market);
    rows.push({
      section: l.on_notice ? "notice" : "current",
      property: { id: l.property_id, name: l.property_name },
      unit_names: leaseUnits
        .map((u) => u.unit_number)
        .sort(byName.compare)
        .join(", "),
      lease: { id: l.id, lease_no: n(l.lease_no) },
      tenant_names: l.tenant_names,
      market_rent_cents:
        markets.length && markets.every((m) => m !== null) ? markets.reduce((s, m) => s + n(m), 0) : null,
      rent_cents: n(l.rent),
      other_charges_cents: n(l.other),
      deposits_held_cents: heldOf.get(l.id) ?? 0,
      balance_cents: balanceOf.get(l.id) ?? 0,
      start_date: l.start_date,
      end_date: l.end_date,
      move_in_date: l.moved_in_on,
      move_out_date: l.on_notice ? l.move_out_date : null,
      days_vacant: null,
    });
  }
  if (o.vacantRows !== false) for (const r of await vacantRowsOf(tx, orgId, asOf, vacant)) rows.push(r);
  sortRoll(rows);

  const onRoll = new Set(leases.map((l) => l.id));
  let others = 0;
  for (const [leaseId, cents] of balanceOf) if (!onRoll.has(leaseId)) others += cents;
  return { rows, units: units.length, vacantIds: vacant.map((u) => n(u.unit_id)), others };
}

/** The vacant units of `unitIds` as the roll shows them, in its order (a file's last section, in parts). */
export async function readVacantRows(tx: Tx, orgId: string, asOf: string, unitIds: number[]) {
  if (!unitIds.length) return [];
  const units = await rowsOf<UnitRow>(
    tx,
    sql`${unitSelect(orgId)} and unit_id = any(${`{${unitIds.join(",")}}`}::bigint[])`,
  );
  return sortRoll(await vacantRowsOf(tx, orgId, asOf, units));
}

const unitSelect = (orgId: string) => sql`select unit_id, unit_number, property_id, property_name,
  round(base_rent_estimate * 100)::bigint as market
  from units where organization_id = ${orgId}`;

/** Vacant units' rows, each with the days since its last lease ended (none when never leased). */
async function vacantRowsOf(tx: Tx, orgId: string, asOf: string, vacant: UnitRow[]): Promise<RentRollRow[]> {
  if (!vacant.length) return [];
  const lastEnded = await rowsOf<{ unit_id: string; ended: string }>(
    tx,
    sql`select lu.unit_id, max(coalesce(le.moved_out_on, le.move_out_date, le.end_date))::text as ended
    from lease_units lu
    join leases le on le.organization_id = lu.organization_id and le.id = lu.lease_id
    where lu.organization_id = ${orgId} and lu.unit_id = any(${`{${vacant.map((u) => u.unit_id).join(",")}}`}::bigint[])
      and le.status not in ('pending', 'canceled') and le.start_date <= ${asOf}::date
      and coalesce(le.moved_out_on, le.move_out_date, le.end_date) < ${asOf}::date
    group by lu.unit_id`,
  );
  const endedOn = new Map(lastEnded.map((r) => [n(r.unit_id), r.ended]));
  return vacant.map((u): RentRollRow => {
    const ended = endedOn.get(n(u.unit_id));
    return {
      section: "vacant",
      property: { id: u.property_id, name: u.property_name },
      unit_names: u.unit_number,
      lease: null,
      tenant_names: "VACANT",
      market_rent_cents: u.market === null ? null : n(u.market),
      rent_cents: 0,
      other_charges_cents: 0,
      deposits_held_cents: 0,
      balance_cents: 0,
      start_date: null,
      end_date: null,
      move_in_date: null,
      move_out_date: null,
      days_vacant: ended ? daysBetween(ended, asOf) : null,
    };
  });
}

/**
 * The roll's order: sections, then properties by name and id, then units. Each property (by the
 * name its rows carry) is ranked once, so the rows' sort compares numbers, not names.
 */
function sortRoll(rows: RentRollRow[]) {
  const key = (r: RentRollRow) => `${r.property.name}\u0000${r.property.id}`;
  const rank = new Map(
    [...new Map(rows.map((r) => [key(r), r.property])).entries()]
      .sort(([, a], [, b]) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id))
      .map(([k], i) => [k, i] as const),
  );
  const order = (s: RentRollRow["section"]) => RENT_ROLL_SECTIONS.indexOf(s);
  const rankOf = new Map(rows.map((r) => [r, rank.get(key(r)) ?? 0]));
  return rows.sort(
    (a, b) =>
      order(a.section) - order(b.section) ||
      (rankOf.get(a) ?? 0) - (rankOf.get(b) ?? 0) ||
      byName.compare(a.unit_names, b.unit_names),
  );
}

/** A roll lease's monthly charges in effect on the day. */
const monthlyCharges = (orgId: string, asOf: string) => sql`
    left join lateral (
      select coalesce(sum(c.amount_cents) filter (where c.kind = 'rent'), 0) as rent,
        coalesce(sum(c.amount_cents) filter (where c.kind <> 'rent'), 0) as other
      from recurring_charges c
      where c.organization_id = ${orgId} and c.lease_id = r.id and c.start_date <= ${asOf}::date
        and (c.end_date is null or c.end_date >= ${asOf}::date)
    ) rc on true`;
