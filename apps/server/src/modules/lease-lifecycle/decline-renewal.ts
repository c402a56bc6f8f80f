import { lifecycleMessages, type RenewalOffer } from "@keyholder/contracts/lease-lifecycle";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { organizationToday } from "../../lib/organization-today.ts";
import { lockOffer } from "./accept-renewal.ts";
import { conflict } from "./lifecycle-lease.ts";
import { readOffers } from "./list-renewal-offers.ts";

/** The tenant declined (recorded by the manager): the offer is closed, the lease unchanged. A repeat answers it. */
export async function declineRenewal(tx: Tx, actor: Actor, leaseId: string, offerId: string): Promise<RenewalOffer> {
  const offer = await lockOffer(tx, leaseId, offerId);
  if (offer.status === "declined") return offer;
  if (offer.status !== "offered") throw conflict(lifecycleMessages.offerDecided(offer.status));
  const today = await organizationToday(tx, actor.orgId);
  await tx.execute(sql`update renewal_offers set status = 'declined', decided_on = ${today}::date,
    decided_by = ${actor.userId}, last_modified_by = ${actor.userId}, last_modified_date = now() where id = ${offerId}`);
  const [declined] = await readOffers(tx, sql`o.id = ${offerId}`);
  return declined ?? offer;
}
