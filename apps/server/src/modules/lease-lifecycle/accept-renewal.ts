import { addDays } from "@keyholder/contracts/civil-date";
import { lifecycleMessages, type RenewalOffer } from "@keyholder/contracts/lease-lifecycle";
import type { Lease, OtherChargeInput } from "@keyholder/contracts/leases";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import { applyTerms, changeCharges, refreshRentCopy, storedCharges } from "../leases/lease-charges.ts";
import { holdRangeOf } from "../leases/lease-holdings.ts";
import { rowsOf } from "../leases/lease-sql.ts";
import {
  audited,
  chargeTermsOf,
  conflict,
  leaseNow,
  lockLifecycleLease,
  refreshPartiesStatus,
  setHoldRange,
} from "./lifecycle-lease.ts";
import { readOffers } from "./list-renewal-offers.ts";
import { resumeFromNotice } from "./withdraw-notice.ts";

/** The offer of the lease, locked, or 404. */
export async function lockOffer(tx: Tx, leaseId: string, offerId: string) {
  const [row] = await rowsOf<{ id: string; status: string }>(
    tx,
    sql`select id, status from renewal_offers where id = ${offerId} and lease_id = ${leaseId} for update`,
  );
  if (!row) throw notFound(lifecycleMessages.offerNotFound);
  const [offer] = await readOffers(tx, sql`o.id = ${offerId}`);
  if (!offer) throw notFound(lifecycleMessages.offerNotFound);
  return offer;
}

/**
 * The manager accepts a renewal offer (decision 032): the same lease gets the new term. Its end date
 * moves (or it becomes month-to-month), its last charges run on to the new end, and the rent of the
 * new term is a new rent row from the term's first day (the effective-dated rent of decision 029), so
 * months before it are charged at the old rent. Nothing is posted: the balance, prepaid rent and
 * deposit are the lease's, and stay as they are. A lease on notice is active again (the notice is
 * withdrawn). Recorded in the lease's history; accepting an accepted offer answers it again.
 */
export async function acceptRenewal(
  tx: Tx,
  actor: Actor,
  leaseId: string,
  offerId: string,
): Promise<{ lease: Lease; offer: RenewalOffer }> {
  const lease = await lockLifecycleLease(tx, leaseId);
  const offer = await lockOffer(tx, leaseId, offerId);
  if (offer.status === "accepted") return { lease: await leaseNow(tx, leaseId), offer };
  if (offer.status !== "offered") throw conflict(lifecycleMessages.offerDecided(offer.status));
  if (lease.status !== "active" && lease.status !== "notice")
    throw conflict(lifecycleMessages.renewalNotOpen(lease.status));
  // The offer was made for the term the lease had then: a fixed lease's new term starts the day after its end.
  if (lease.end_date !== null && addDays(lease.end_date, 1) !== offer.starts_on)
    throw conflict(lifecycleMessages.offerStale);
  if (lease.end_date === null && offer.starts_on <= lease.start_date) throw conflict(lifecycleMessages.offerStale);
  const today = await organizationToday(tx, actor.orgId);

  await audited(tx, actor, leaseId, async () => {
    await resumeFromNotice(tx, lease);
    await tx.execute(sql`update leases set term = ${offer.term}, end_date = ${offer.ends_on}::date, status = 'active',
      notice_given_on = null, move_out_date = null, renewed_from_id = null where id = ${leaseId}`);
    await setHoldRange(
      tx,
      leaseId,
      holdRangeOf({ ...lease, status: "active", term: offer.term, end_date: offer.ends_on, move_out_date: null }),
    );
    const terms = await chargeTermsOf(tx, actor, lease, offer.ends_on);
    // The charges that ran to the old end run to the new one (month-to-month: open).
    await applyTerms(tx, terms, lease.end_date);
    // The new rent from the new term's first day; the other charges as they are on that day.
    const stored = await storedCharges(tx, leaseId);
    const onDay = (c: { start_date: string; end_date: string | null }) =>
      c.start_date <= offer.starts_on && (c.end_date === null || c.end_date >= offer.starts_on);
    const others: OtherChargeInput[] = stored
      .filter((c) => c.kind !== "rent" && onDay(c))
      .map((c) => ({
        id: c.id,
        kind: c.kind as OtherChargeInput["kind"],
        description: c.description,
        amount_cents: c.amount_cents,
      }));
    await changeCharges(tx, terms, { rent_cents: offer.rent_cents, recurring_charges: others }, offer.starts_on, today);
    await refreshRentCopy(tx, leaseId, today);
    await tx.execute(sql`update renewal_offers set status = 'accepted', decided_on = ${today}::date,
      decided_by = ${actor.userId}, last_modified_by = ${actor.userId}, last_modified_date = now() where id = ${offerId}`);
  });
  await refreshPartiesStatus(tx, leaseId);
  const [accepted] = await readOffers(tx, sql`o.id = ${offerId}`);
  return { lease: await leaseNow(tx, leaseId), offer: accepted ?? offer };
}
