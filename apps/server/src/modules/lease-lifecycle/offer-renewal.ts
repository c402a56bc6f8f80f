import { addDays, addMonths, monthStart } from "@keyholder/contracts/civil-date";
import {
  lifecycleMessages,
  type RenewalBulk,
  type RenewalOffer,
  type RenewalOfferCreate,
  type RentChange,
} from "@keyholder/contracts/lease-lifecycle";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import { conflict, lockLifecycleLease } from "./lifecycle-lease.ts";
import { readOffers } from "./list-renewal-offers.ts";

/**
 * Inserts offers for the leases `where` selects, in one statement (a bulk window of thousands of
 * leases is one insert): the new term starts the day after a fixed lease's end (a month-to-month
 * lease's on `startsOn`), the current rent is the rent row in effect on the term's last day, and the
 * new rent is computed in NUMERIC: a percent is rounded to the whole dollar once (renewalRentCents
 * in the contract does the same in integers; a test checks they agree).
 */
async function insertOffers(
  tx: Tx,
  actor: Actor,
  where: SQL,
  o: { term: "fixed" | "month_to_month"; months: number | null; change: RentChange; startsOn: string | null },
): Promise<string[]> {
  const starts = sql`coalesce(l.end_date + 1, ${o.startsOn}::date)`;
  const current = sql`coalesce((select r.amount_cents from recurring_charges r where r.lease_id = l.id and r.kind = 'rent'
      and r.start_date < ${starts} order by r.start_date desc limit 1), l.rent_cents)`;
  const c = o.change;
  const rent =
    c.type === "amount"
      ? sql`${c.rent_cents}::bigint`
      : c.type === "fixed_increase"
        ? sql`(cur.cents + ${c.amount_cents})`
        : sql`(round(cur.cents::numeric * (100 + ${c.percent}::numeric) / 10000) * 100)::bigint`;
  const ends =
    o.term === "fixed" ? sql`((s.starts_on + make_interval(months => ${o.months}::int))::date - 1)` : sql`null::date`;
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`insert into renewal_offers (organization_id, lease_id, property_id, term, months, starts_on, ends_on,
        current_rent_cents, rent_change, increase_cents, increase_percent, rent_cents, created_by, last_modified_by)
      select l.organization_id, l.id, l.property_id, ${o.term}, ${o.term === "fixed" ? o.months : null}::smallint,
        s.starts_on, ${ends}, cur.cents, ${c.type},
        ${c.type === "fixed_increase" ? c.amount_cents : null}::bigint,
        ${c.type === "percent" ? c.percent : null}::numeric, ${rent}, ${actor.userId}, ${actor.userId}
      from leases l
      cross join lateral (select ${starts} as starts_on) s
      cross join lateral (select ${current} as cents) cur
      where ${where}
      returning id`,
  );
  return rows.map((r) => r.id);
}

/** POST /leases/{id}/renewal-offers: one offer for an active lease or one on notice. */
export async function offerRenewal(tx: Tx, actor: Actor, id: string, input: RenewalOfferCreate): Promise<RenewalOffer> {
  const lease = await lockLifecycleLease(tx, id);
  if (lease.status !== "active" && lease.status !== "notice")
    throw conflict(lifecycleMessages.renewalNotOpen(lease.status));
  // A month-to-month lease has no end: its new term starts on the day asked, else the next month's first.
  const startsOn =
    lease.end_date === null
      ? (input.starts_on ?? monthStart(addMonths(await organizationToday(tx, actor.orgId), 1)))
      : null;
  const [offerId] = await insertOffers(tx, actor, sql`l.id = ${id}`, {
    term: input.term,
    months: input.months,
    change: input.rent_change,
    startsOn,
  });
  const [offer] = await readOffers(tx, sql`o.id = ${offerId ?? ""}`);
  if (!offer) throw new Error("offer not inserted");
  return offer;
}

/**
 * POST /renewal-offers/bulk: an offer to every active fixed-term lease ending within the next 30, 60,
 * 90 or 120 days (of one property when asked) that has no open offer yet; those are counted as skipped.
 */
export async function offerRenewals(
  tx: Tx,
  actor: Actor,
  input: RenewalBulk,
): Promise<{ offers: RenewalOffer[]; skipped: number }> {
  const today = await organizationToday(tx, actor.orgId);
  const until = addDays(today, input.within_days);
  const window = sql`l.status = 'active' and l.term = 'fixed' and l.end_date between ${today}::date and ${until}::date
    ${input.property_id ? sql`and l.property_id = ${input.property_id}` : sql``}`;
  const open = sql`exists (select 1 from renewal_offers x where x.organization_id = l.organization_id
    and x.lease_id = l.id and x.status = 'offered')`;
  const [skipped] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from leases l where ${window} and ${open}`,
  );
  const ids = await insertOffers(tx, actor, sql`${window} and not ${open}`, {
    term: input.term,
    months: input.months,
    change: input.rent_change,
    startsOn: null,
  });
  const offers = ids.length === 0 ? [] : await readOffers(tx, sql`o.id = any(${`{${ids.join(",")}}`}::uuid[])`);
  return { offers, skipped: Number(skipped?.n ?? 0) };
}
