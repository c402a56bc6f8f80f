import { randomUUID } from "node:crypto";
import { addDays, addMonths, monthStart } from "@keyholder/contracts/civil-date";
import { sql } from "drizzle-orm";
import { asSystem, type Database, type Tx } from "../../db/client.ts";
import { firstNames, lastNames } from "./names.ts";
import { createRandom, type Random } from "./random.ts";

/**
 * Tenants and leases on an organization's units (issue 27 item 14), as the leases area makes them:
 * every occupied unit has its lease (active, or on notice when the unit's date available says its
 * tenant leaves), some vacant units a pending lease starting on the day they become available, and
 * a few vacant units the lease of a tenant who moved out two months ago. Pets and co-tenants on some.
 * Rows are written in set-based batches (a million units in minutes); names, rents and terms come
 * from the generator's seed, lease ids are random.
 */

export interface LeasePlanCounts {
  tenants: number;
  leases: number;
}

type UnitRow = {
  unit_id: number;
  property_id: string;
  unit_number: string;
  occupied: boolean;
  date_available: string | null;
  rent: string | number | null;
};

/** Units read per transaction: bounds memory and the statements' size at a million units. */
const UNITS_PER_TX = 20_000;
const ROWS_PER_INSERT = 2_000;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const pgArray = (values: (string | number | null)[]) =>
  `{${values.map((v) => (v === null ? "NULL" : `"${String(v).replaceAll('"', '\\"')}"`)).join(",")}}`;

export interface LeaseGeneration {
  orgId: string;
  adminUserId: number;
  seed: number;
  /** The organization's today (YYYY-MM-DD). */
  today: string;
}

/** The first month of the demo's year of history: eleven months before today's. */
export const historyStart = (today: string) => addMonths(monthStart(today), -11);

export async function generateLeases(db: Database, g: LeaseGeneration): Promise<LeasePlanCounts> {
  const rnd = createRandom(g.seed + 27);
  const counts: LeasePlanCounts = { tenants: 0, leases: 0 };
  const accounts = await asSystem(db, async (tx) =>
    Object.fromEntries(
      rowsOf<{ role: string; id: number }>(
        await tx.execute(
          sql`select role, id from ledger_accounts where organization_id = ${g.orgId} and role is not null`,
        ),
      ).map((a) => [a.role, Number(a.id)]),
    ),
  );
  let after = 0;
  for (;;) {
    const done = await asSystem(db, async (tx) => {
      const units = rowsOf<UnitRow>(
        await tx.execute(sql`select unit_id, property_id, unit_number, occupied, date_available::text as date_available,
            base_rent_estimate as rent
          from units where organization_id = ${g.orgId} and unit_id > ${after} order by unit_id limit ${UNITS_PER_TX}`),
      );
      if (!units.length) return true;
      after = Number(units.at(-1)?.unit_id);
      await writeLeases(tx, rnd, g, accounts, units, counts);
      return units.length < UNITS_PER_TX;
    });
    if (done) break;
  }
  return counts;
}

type Plan = {
  id: string;
  unit: UnitRow;
  status: "active" | "notice" | "pending" | "ended";
  term: "fixed" | "month_to_month";
  start: string;
  end: string | null;
  moveOut: string | null;
  notice: string | null;
  rentCents: number;
  depositCents: number;
  lateFee: { type: "flat" | "percent"; cents: number; percent: string; max: number | null };
  tenants: { id: string; name: string; first: string; last: string; role: "primary" | "co_tenant" }[];
  pet: { kind: "dog" | "cat"; name: string; breed: string; weight: string; deposit: number; rent: number } | null;
};

const DOGS = ["Labrador", "Beagle", "Poodle", "Terrier mix", "German Shepherd", "Corgi"];
const CATS = ["Domestic shorthair", "Siamese", "Maine Coon", "Tabby"];
const PET_NAMES = ["Biscuit", "Luna", "Max", "Bella", "Charlie", "Daisy", "Milo", "Pepper", "Rocky", "Ziggy"];

function plan(rnd: Random, g: LeaseGeneration, unit: UnitRow): Plan | null {
  const first = historyStart(g.today);
  const rentCents = Math.round((Number(unit.rent ?? 0) || 1200) * (0.95 + rnd.next() * 0.1)) * 100;
  const depositCents = Math.round(rentCents / 5000) * 5000;
  let status: Plan["status"];
  let start: string;
  let end: string | null;
  let term: Plan["term"] = "fixed";
  let moveOut: string | null = null;
  let notice: string | null = null;
  const draw = rnd.next();
  if (unit.occupied) {
    // Seven in ten moved in before the year shown; the others during it, on any day of the month.
    if (draw < 0.7) {
      start = addMonths(first, -rnd.int(1, 40));
      term = rnd.chance(0.4) ? "month_to_month" : "fixed";
    } else {
      start = addDays(addMonths(first, rnd.int(0, 9)), rnd.int(0, 27));
    }
    // A fixed term runs in years from its start, to an end after today.
    end = null;
    if (term === "fixed") {
      let years = 1;
      while (addDays(addMonths(start, 12 * years), -1) <= addDays(g.today, 3)) years++;
      end = addDays(addMonths(start, 12 * years), -1);
    }
    status = "active";
    if (unit.date_available && unit.date_available > addDays(g.today, 2)) {
      status = "notice";
      moveOut = addDays(unit.date_available, -1);
      notice = addDays(g.today, -rnd.int(3, 30));
    }
  } else if (unit.date_available && unit.date_available > addDays(g.today, 2) && draw < 0.5) {
    status = "pending";
    start = unit.date_available;
    end = addDays(addMonths(start, 12), -1);
  } else if (draw > 0.97) {
    // A tenant who moved out on the 15th two months ago, after three years.
    status = "ended";
    start = addMonths(first, -26);
    moveOut = addDays(addMonths(monthStart(g.today), -2), 14);
    end = moveOut;
  } else return null;
  const name = () => {
    const f = rnd.pick(firstNames);
    const l = rnd.pick(lastNames);
    return { id: randomUUID(), name: `${f} ${l}`, first: f, last: l };
  };
  const primary = name();
  const tenants: Plan["tenants"] = [{ ...primary, role: "primary" }];
  if (rnd.chance(0.3)) {
    const co = name();
    tenants.push({ ...co, last: primary.last, name: `${co.first} ${primary.last}`, role: "co_tenant" });
  }
  const dog = rnd.chance(0.6);
  const pet = rnd.chance(0.25)
    ? {
        kind: dog ? ("dog" as const) : ("cat" as const),
        name: rnd.pick(PET_NAMES),
        breed: rnd.pick(dog ? DOGS : CATS),
        weight: String(dog ? rnd.int(15, 80) : rnd.int(6, 14)),
        deposit: 30_000,
        rent: dog ? 3_500 : 2_500,
      }
    : null;
  const lateFee: Plan["lateFee"] = rnd.chance(0.7)
    ? { type: "flat", cents: 5_000, percent: "0", max: null }
    : { type: "percent", cents: 0, percent: "5", max: 10_000 };
  return {
    id: randomUUID(),
    unit,
    status,
    term,
    start,
    end,
    moveOut,
    notice,
    rentCents,
    depositCents,
    lateFee,
    tenants,
    pet,
  };
}

async function insertRows(tx: Tx, rows: unknown[][], statement: (batch: unknown[][]) => ReturnType<typeof sql>) {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await tx.execute(statement(rows.slice(i, i + ROWS_PER_INSERT)));
}
const column = (batch: unknown[][], i: number) => pgArray(batch.map((r) => r[i] as string | number | null));

async function writeLeases(
  tx: Tx,
  rnd: Random,
  g: LeaseGeneration,
  accounts: Record<string, number>,
  units: UnitRow[],
  counts: LeasePlanCounts,
) {
  const plans = units.map((u) => plan(rnd, g, u)).filter((p): p is Plan => p !== null);
  if (!plans.length) return;
  const org = g.orgId;
  const statusOf = { active: "current", notice: "notice", pending: "future", ended: "past" } as const;
  const tenantRows = plans.flatMap((p) =>
    p.tenants.map((t) => [
      t.id,
      t.first,
      t.last,
      t.name,
      `${t.first}.${t.last}.${t.id.slice(0, 4)}@example.com`.toLowerCase(),
      `(${rnd.int(201, 989)}) ${rnd.int(200, 999)}-${rnd.int(1000, 9999)}`,
      statusOf[p.status],
    ]),
  );
  await insertRows(
    tx,
    tenantRows,
    (
      b,
    ) => sql`insert into tenants (organization_id, id, first_name, last_name, name, email, phone, status, created_by, last_modified_by)
      select ${org}, t.id, t.f, t.l, t.n, t.e, t.p, t.s, ${g.adminUserId}, ${g.adminUserId}
      from unnest(${column(b, 0)}::uuid[], ${column(b, 1)}::text[], ${column(b, 2)}::text[], ${column(b, 3)}::text[],
        ${column(b, 4)}::text[], ${column(b, 5)}::text[], ${column(b, 6)}::text[]) as t(id, f, l, n, e, p, s)`,
  );
  counts.tenants += tenantRows.length;

  const leaseRows = plans.map((p) => [
    p.id,
    p.unit.property_id,
    p.status,
    p.term,
    p.start,
    p.end,
    p.status === "pending" ? null : p.start,
    p.notice,
    p.moveOut,
    p.status === "ended" ? p.moveOut : null,
    p.lateFee.type,
    p.lateFee.cents,
    p.lateFee.percent,
    p.lateFee.max,
    p.depositCents,
    p.rentCents,
  ]);
  await insertRows(
    tx,
    leaseRows,
    (b) => sql`insert into leases (organization_id, id, property_id, status, term, start_date, end_date, moved_in_on,
        notice_given_on, move_out_date, moved_out_on, due_day, grace_days, late_fee_type, late_fee_cents,
        late_fee_percent, late_fee_max_cents, deposit_cents, rent_cents, created_by, last_modified_by)
      select ${org}, t.id, t.property_id, t.status, t.term, t.start_date, t.end_date, t.moved_in_on, t.notice, t.move_out,
        t.moved_out, 1, 5, t.fee_type, t.fee_cents, t.fee_percent, t.fee_max, t.deposit, t.rent, ${g.adminUserId}, ${g.adminUserId}
      from unnest(${column(b, 0)}::uuid[], ${column(b, 1)}::uuid[], ${column(b, 2)}::text[], ${column(b, 3)}::text[],
        ${column(b, 4)}::date[], ${column(b, 5)}::date[], ${column(b, 6)}::date[], ${column(b, 7)}::date[],
        ${column(b, 8)}::date[], ${column(b, 9)}::date[], ${column(b, 10)}::text[], ${column(b, 11)}::bigint[],
        ${column(b, 12)}::numeric[], ${column(b, 13)}::bigint[], ${column(b, 14)}::bigint[], ${column(b, 15)}::bigint[])
        as t(id, property_id, status, term, start_date, end_date, moved_in_on, notice, move_out, moved_out, fee_type,
          fee_cents, fee_percent, fee_max, deposit, rent)`,
  );
  counts.leases += plans.length;

  const partyRows = plans.flatMap((p) => p.tenants.map((t) => [p.id, t.id, p.unit.property_id, t.role]));
  await insertRows(
    tx,
    partyRows,
    (b) => sql`insert into lease_parties (organization_id, lease_id, tenant_id, property_id, role)
      select ${org}, t.l, t.t, t.p, t.r
      from unnest(${column(b, 0)}::uuid[], ${column(b, 1)}::uuid[], ${column(b, 2)}::uuid[], ${column(b, 3)}::text[]) as t(l, t, p, r)`,
  );
  // The days a lease holds its unit: to its end, its move-out day once known, open month-to-month.
  const holdingRows = plans.map((p) => [p.id, p.unit.property_id, p.unit.unit_id, p.start, p.moveOut ?? p.end]);
  await insertRows(
    tx,
    holdingRows,
    (b) => sql`insert into lease_units (organization_id, lease_id, property_id, unit_id, starts_on, ends_on)
      select ${org}, t.l, t.p, t.u, t.s, t.e
      from unnest(${column(b, 0)}::uuid[], ${column(b, 1)}::uuid[], ${column(b, 2)}::bigint[], ${column(b, 3)}::date[],
        ${column(b, 4)}::date[]) as t(l, p, u, s, e)`,
  );
  const petRows = plans
    .filter((p) => p.pet)
    .map((p) => [
      p.id,
      p.unit.property_id,
      p.pet?.kind,
      p.pet?.name,
      p.pet?.breed,
      p.pet?.weight,
      p.pet?.deposit,
      p.pet?.rent,
    ]) as unknown[][];
  await insertRows(
    tx,
    petRows,
    (
      b,
    ) => sql`insert into lease_pets (organization_id, lease_id, property_id, kind, name, breed, weight_lbs, pet_deposit_cents, pet_rent_cents)
      select ${org}, t.l, t.p, t.k, t.n, t.b, t.w, t.d, t.r
      from unnest(${column(b, 0)}::uuid[], ${column(b, 1)}::uuid[], ${column(b, 2)}::text[], ${column(b, 3)}::text[],
        ${column(b, 4)}::text[], ${column(b, 5)}::numeric[], ${column(b, 6)}::bigint[], ${column(b, 7)}::bigint[])
        as t(l, p, k, n, b, w, d, r)`,
  );

  // Rent and pet rent as the lease form stores them: from the lease's start to its end (its move-out
  // for a tenant who left), due on the 1st, five grace days, prorated by day. A lease that began
  // before the year shown is charged from that year's first month (as "skip move-in charges" would
  // have it, the months before being another system's); a pending one waits for its move-in.
  const first = historyStart(g.today);
  const chargeRows = plans.flatMap((p) => {
    const from = p.status === "pending" ? "infinity" : p.start < first ? first : monthStart(p.start);
    const tenant = p.tenants[0]?.id;
    const rent = [
      p.id,
      p.unit.property_id,
      p.unit.unit_id,
      tenant,
      accounts.rent_income,
      "rent",
      "Rent",
      p.rentCents,
      p.start,
      p.end,
      p.lateFee.cents,
      p.lateFee.percent,
      p.lateFee.max,
      from,
    ];
    if (!p.pet?.rent) return [rent];
    return [
      rent,
      [
        p.id,
        p.unit.property_id,
        p.unit.unit_id,
        tenant,
        accounts.pet_rent_income,
        "pet_rent",
        "Pet rent",
        p.pet.rent,
        p.start,
        p.end,
        0,
        "0",
        null,
        from,
      ],
    ];
  });
  await insertRows(
    tx,
    chargeRows,
    (
      b,
    ) => sql`insert into recurring_charges (organization_id, lease_id, property_id, unit_id, tenant_id, account_id, kind,
        description, amount_cents, due_day, start_date, end_date, proration, late_fee_cents, late_fee_percent,
        late_fee_max_cents, grace_days, next_period_start, late_fee_next_period, created_by)
      select ${org}, t.l, t.p, t.u, t.t, t.a, t.k, t.d, t.c, 1, t.s, t.e, 'daily', t.fc, t.fp, t.fm, 5, t.f, t.f, ${g.adminUserId}
      from unnest(${column(b, 0)}::uuid[], ${column(b, 1)}::uuid[], ${column(b, 2)}::bigint[], ${column(b, 3)}::uuid[],
        ${column(b, 4)}::int[], ${column(b, 5)}::text[], ${column(b, 6)}::text[], ${column(b, 7)}::bigint[],
        ${column(b, 8)}::date[], ${column(b, 9)}::date[], ${column(b, 10)}::bigint[], ${column(b, 11)}::numeric[],
        ${column(b, 12)}::bigint[], ${column(b, 13)}::date[]) as t(l, p, u, t, a, k, d, c, s, e, fc, fp, fm, f)`,
  );
  await tx.execute(sql`select refresh_lease_names_in(${org}, ${pgArray(plans.map((p) => p.id))}::uuid[])`);
}
