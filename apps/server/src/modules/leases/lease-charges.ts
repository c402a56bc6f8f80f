import { addDays, monthName, monthStart } from "@keyholder/contracts/civil-date";
import { errorCodes } from "@keyholder/contracts/errors";
import type { LateFee, OtherChargeInput, OtherChargeKind, RecurringChargeKind } from "@keyholder/contracts/leases";
import { leaseMessages } from "@keyholder/contracts/leases";
import type { LedgerRole } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { accountIds, refusing, rowsOf } from "./lease-sql.ts";

/**
 * The first month of a charge whose lease is not moved in: never, so the charge run reads none of
 * them (only moved-in leases are billed). Move-in sets the real month (decision 029).
 */
export const NOT_YET = "infinity";

/** The account each kind of recurring charge credits; the debit is always the tenants' receivables. */
export const CHARGE_ACCOUNT_ROLES: Record<RecurringChargeKind, LedgerRole> = {
  rent: "rent_income",
  parking: "parking_income",
  pet_rent: "pet_rent_income",
  storage: "other_income",
  utilities: "utility_income",
  other: "other_income",
};

export interface ChargeTerms {
  orgId: string;
  userId: number;
  leaseId: string;
  propertyId: string;
  unitId: number | null;
  tenantId: string;
  dueDay: number;
  graceDays: number;
  lateFee: LateFee;
  startDate: string;
  endDate: string | null;
}

export interface StoredCharge {
  id: string;
  kind: RecurringChargeKind;
  description: string;
  amount_cents: number;
  start_date: string;
  end_date: string | null;
  next_period_start: string;
  account_id: number;
}

const lateFeeColumns = (kind: RecurringChargeKind, fee: LateFee) =>
  kind !== "rent" || fee.type === "none"
    ? { cents: 0, percent: "0", max: null }
    : fee.type === "flat"
      ? { cents: fee.amount_cents, percent: "0", max: fee.max_cents }
      : { cents: 0, percent: fee.percent, max: fee.max_cents };

const DESCRIPTIONS: Record<RecurringChargeKind, string> = {
  rent: "Rent",
  parking: "Parking",
  pet_rent: "Pet rent",
  storage: "Storage",
  utilities: "Utilities",
  other: "Other charge",
};

/** Inserts one recurring charge of the lease; `from` is its first month to charge (NOT_YET before move-in). */
async function insertCharge(
  tx: Tx,
  t: ChargeTerms,
  c: {
    kind: RecurringChargeKind;
    description: string;
    amountCents: number;
    start: string;
    end: string | null;
    from: string;
  },
) {
  const accounts = await accountIds(tx, [CHARGE_ACCOUNT_ROLES[c.kind]]);
  const fee = lateFeeColumns(c.kind, t.lateFee);
  const insert = (sp: Tx) =>
    sp.execute(sql`
      insert into recurring_charges (organization_id, lease_id, property_id, unit_id, tenant_id, account_id, kind,
        description, amount_cents, due_day, start_date, end_date, proration, late_fee_cents, late_fee_percent,
        late_fee_max_cents, grace_days, next_period_start, late_fee_next_period, created_by)
      values (${t.orgId}, ${t.leaseId}, ${t.propertyId}, ${t.unitId}, ${t.tenantId}, ${accounts[CHARGE_ACCOUNT_ROLES[c.kind]]},
        ${c.kind}, ${c.description || DESCRIPTIONS[c.kind]}, ${c.amountCents}, ${t.dueDay}, ${c.start}::date, ${c.end}::date, 'daily',
        ${fee.cents}, ${fee.percent}::numeric, ${fee.max}, ${t.graceDays}, ${c.from}::date, ${c.from}::date, ${t.userId})`);
  if (c.kind !== "rent") return insert(tx);
  // One rent on any day (exclusion recurring_charges_one_rent): an overlapping one is refused.
  return refusing(
    tx,
    {
      code: "23P01",
      constraint: "recurring_charges_one_rent",
      explain: async () => {
        const [other] = await rowsOf<{ start_date: string; amount_cents: number }>(
          tx,
          sql`select start_date::text as start_date, amount_cents from recurring_charges
            where lease_id = ${t.leaseId} and kind = 'rent'
              and daterange(start_date, end_date, '[]') && daterange(${c.start}::date, ${c.end}::date, '[]')
            order by start_date limit 1`,
        );
        const message = leaseMessages.rentOverlap(
          c.start,
          other ? { from: other.start_date, cents: Number(other.amount_cents) } : undefined,
        );
        return new HttpError(409, errorCodes.conflict, message, { rent_cents: [message] });
      },
    },
    insert,
  );
}

/** The charges of a lease not moved in yet, from its form: rent and the others, over the whole lease. */
export async function insertFormCharges(
  tx: Tx,
  t: ChargeTerms,
  form: { rent_cents: number; recurring_charges: readonly OtherChargeInput[] },
) {
  const whole = { start: t.startDate, end: t.endDate, from: NOT_YET };
  if (form.rent_cents > 0)
    await insertCharge(tx, t, { kind: "rent", description: "Rent", amountCents: form.rent_cents, ...whole });
  for (const c of form.recurring_charges)
    await insertCharge(tx, t, { kind: c.kind, description: c.description, amountCents: c.amount_cents, ...whole });
}

/** The lease's charges, every row of their history. */
export async function storedCharges(tx: Tx, leaseId: string): Promise<StoredCharge[]> {
  const rows = await rowsOf<StoredCharge>(
    tx,
    sql`select id, kind, description, amount_cents, start_date::text as start_date, end_date::text as end_date,
        next_period_start::text as next_period_start, account_id
      from recurring_charges where lease_id = ${leaseId} order by kind = 'rent' desc, kind, start_date, id`,
  );
  return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), account_id: Number(r.account_id) }));
}

interface WantedCharge {
  id?: string | undefined;
  kind: RecurringChargeKind;
  description: string;
  amountCents: number;
}

/**
 * Changes the charges of a moved-in lease from its form, as of `effective` (decision 029): the
 * charges in effect that day and after that change or go end the day before (or, not started yet,
 * are deleted), the new amounts start that day. A month already charged cannot change (409). The
 * terms (due day, grace days, late fee) apply to every charge still running.
 */
export async function changeCharges(
  tx: Tx,
  t: ChargeTerms,
  form: { rent_cents: number; recurring_charges: readonly OtherChargeInput[] },
  effective: string | null,
  today: string,
) {
  const stored = await storedCharges(tx, t.leaseId);
  // Without a date, the form is compared with the charges in effect now (what it showed).
  const day = effective ?? shownOn(today, t.startDate, t.endDate);
  const running = (c: StoredCharge, day: string) => c.end_date === null || c.end_date >= day;
  const wanted: WantedCharge[] = [
    ...(form.rent_cents > 0
      ? [
          {
            kind: "rent" as const,
            description: "Rent",
            amountCents: form.rent_cents,
            id: rentIdOn(stored, day),
          },
        ]
      : []),
    ...form.recurring_charges.map((c) => ({
      id: c.id,
      kind: c.kind as OtherChargeKind,
      description: c.description,
      amountCents: c.amount_cents,
    })),
  ];
  // An undated save that shows a scheduled rent (the latest) rather than today's changes no rent.
  const latestRent = stored.filter((c) => c.kind === "rent").at(-1);
  const same = (c: StoredCharge, w: WantedCharge) =>
    c.kind === w.kind &&
    c.amount_cents === w.amountCents &&
    (w.kind === "rent" || c.description === (w.description || DESCRIPTIONS[w.kind]));
  const current = stored.filter((c) => running(c, day));
  const keep = new Set<string>();
  const added: WantedCharge[] = [];
  for (const w of wanted) {
    const match = w.id ? current.find((c) => c.id === w.id) : undefined;
    if (match && same(match, w)) keep.add(match.id);
    else if (!effective && match && w.kind === "rent" && latestRent?.amount_cents === w.amountCents) keep.add(match.id);
    else added.push(w);
  }
  // A rent set to start after the day (a scheduled change) stays: a new rent from the day that
  // reaches it overlaps it and is refused, one rent on any day.
  const ending = current.filter((c) => !keep.has(c.id) && !(c.kind === "rent" && c.start_date > day));
  if ((ending.length > 0 || added.length > 0) && !effective)
    throw badRequest(leaseMessages.effectiveDateRequired, { effective_date: [leaseMessages.effectiveDateRequired] });
  if (effective) {
    if (effective < t.startDate || (t.endDate && effective > t.endDate))
      throw badRequest(leaseMessages.effectiveOutsideLease, { effective_date: [leaseMessages.effectiveOutsideLease] });
    for (const c of ending) {
      // A month charged already (its next month to charge is past the effective day's) stays as charged.
      const charged = c.next_period_start !== NOT_YET && c.next_period_start > monthStart(c.start_date);
      if (charged && monthStart(effective) < c.next_period_start) {
        const message = leaseMessages.alreadyCharged(monthName(addDays(c.next_period_start, -1)));
        throw new HttpError(409, errorCodes.conflict, message, { effective_date: [message] });
      }
      if (c.start_date >= effective) await tx.execute(sql`delete from recurring_charges where id = ${c.id}`);
      else
        await tx.execute(
          sql`update recurring_charges set end_date = ${addDays(effective, -1)}::date where id = ${c.id}`,
        );
    }
    for (const w of added) {
      // A later rent already set (an escalation) makes an open rent from this day overlap it: refused.
      await insertCharge(tx, t, {
        kind: w.kind,
        description: w.description,
        amountCents: w.amountCents,
        start: effective,
        end: t.endDate,
        from: monthStart(effective),
      });
    }
  }
  await applyTerms(tx, t);
}

/** The day a lease's form shows the charges of: today, within the lease's dates. */
export function shownOn(today: string, start: string, end: string | null) {
  if (today < start) return start;
  return end !== null && today > end ? end : today;
}

/** The rent row in effect on a day, if any. */
function rentIdOn(stored: readonly StoredCharge[], day: string) {
  return stored.find((c) => c.kind === "rent" && c.start_date <= day && (c.end_date === null || c.end_date >= day))?.id;
}

/** Due day, grace days and late fee on every charge of the lease still running; the last ones end with the lease. */
export async function applyTerms(tx: Tx, t: ChargeTerms, previousEnd?: string | null) {
  const fee = lateFeeColumns("rent", t.lateFee);
  await tx.execute(sql`
    update recurring_charges set due_day = ${t.dueDay}, grace_days = ${t.graceDays}, tenant_id = ${t.tenantId},
      unit_id = ${t.unitId},
      late_fee_cents = case when kind = 'rent' then ${fee.cents} else 0 end,
      late_fee_percent = case when kind = 'rent' then ${fee.percent}::numeric else 0 end,
      late_fee_max_cents = case when kind = 'rent' then ${fee.max}::bigint end
    where lease_id = ${t.leaseId}`);
  if (previousEnd === undefined || previousEnd === t.endDate) return;
  if (t.endDate !== null) {
    // A shorter lease: months after its new end must not be charged already; charges set to
    // start after it (not charged) go.
    const [charged] = await rowsOf<{ through: string }>(
      tx,
      sql`select max(next_period_start)::text as through from recurring_charges
        where lease_id = ${t.leaseId} and next_period_start <> 'infinity'
          and next_period_start > date_trunc('month', start_date)
          and next_period_start > date_trunc('month', ${t.endDate}::date) + interval '1 month'`,
    );
    if (charged?.through) {
      const message = leaseMessages.alreadyCharged(monthName(addDays(charged.through, -1)));
      throw new HttpError(409, errorCodes.conflict, message, { end_date: [message] });
    }
    await tx.execute(
      sql`delete from recurring_charges where lease_id = ${t.leaseId} and start_date > ${t.endDate}::date`,
    );
  }
  await tx.execute(sql`
    update recurring_charges set end_date = ${t.endDate}::date
    where lease_id = ${t.leaseId} and (end_date is not distinct from ${previousEnd}::date or end_date > ${t.endDate}::date)`);
}

/** Replaces every charge of a lease not moved in (nothing of it is posted). */
export async function replaceCharges(
  tx: Tx,
  t: ChargeTerms,
  form: { rent_cents: number; recurring_charges: readonly OtherChargeInput[] },
) {
  await tx.execute(sql`delete from recurring_charges where lease_id = ${t.leaseId}`);
  await insertFormCharges(tx, t, form);
}

/** Keeps the lease's rent copy: the rent in effect on the later of today and its start (the grid's Rent). */
export async function refreshRentCopy(tx: Tx, leaseId: string, today: string) {
  await tx.execute(sql`
    update leases l set rent_cents = coalesce((
      select r.amount_cents from recurring_charges r
      where r.lease_id = l.id and r.kind = 'rent'
      order by (r.start_date <= greatest(${today}::date, l.start_date)
        and (r.end_date is null or r.end_date >= greatest(${today}::date, l.start_date))) desc, r.start_date desc
      limit 1), 0)
    where l.id = ${leaseId}`);
}
