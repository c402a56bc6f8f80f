import { type Distribution, ownerMessages } from "@keyholder/contracts/owners";
import { splitCents, splitSignedCents } from "@keyholder/contracts/split-cents";
import { badRequest } from "../../lib/http-error.ts";

export interface PropertyAvailable {
  id: string;
  name: string;
  /** Trust cash less reserve, deposits held, prepaid rent and unpaid bills: negative when short. */
  available: number;
}

export interface Share {
  property_id: string;
  owner_id: string;
  owner_name: string;
  share_bp: number;
}

/**
 * What each owner is paid, and from which properties: each property's available money is shared by
 * its owners' shares; an owner's shortfalls on some properties are covered first from their other
 * properties (netted: $1,000 on one and -$200 on another pays $800), and the rest is taken from the
 * properties with money in proportion to what each has. An owner is paid at most what they have in
 * all (asked for more: 400, nothing paid), never below zero, so no property and no owner is left
 * with negative trust money by a distribution. `requested` asks for amounts; without, all.
 */
export function planDistributions(
  properties: readonly PropertyAvailable[],
  shares: readonly Share[],
  requested?: ReadonlyMap<string, number>,
): Distribution[] {
  const byProperty = new Map(properties.map((p) => [p.id, p]));
  const perOwner = new Map<string, { name: string; parts: Distribution["properties"] }>();
  for (const property of properties) {
    const holders = shares.filter((s) => s.property_id === property.id);
    if (holders.length === 0) continue;
    const parts = splitSignedCents(
      property.available,
      holders.map((h) => h.share_bp),
    );
    for (const [i, h] of holders.entries()) {
      const owner = perOwner.get(h.owner_id) ?? { name: h.owner_name, parts: [] };
      owner.parts.push({
        property: { id: property.id, name: byProperty.get(property.id)?.name ?? "" },
        share_bp: h.share_bp,
        property_available_cents: property.available,
        available_cents: parts[i] ?? 0,
        paid_cents: 0,
      });
      perOwner.set(h.owner_id, owner);
    }
  }
  return [...perOwner].map(([ownerId, { name, parts }]) => {
    const available = parts.reduce((s, p) => s + p.available_cents, 0);
    const most = Math.max(available, 0);
    const amount = requested?.get(ownerId) ?? (requested ? 0 : most);
    if (amount > most) {
      const message = ownerMessages.tooMuch(name, most);
      throw badRequest(message, { owners: [message] });
    }
    if (amount > 0) {
      const short = parts.filter((p) => p.available_cents < 0);
      const covered = short.reduce((s, p) => s - p.available_cents, 0);
      for (const p of short) p.paid_cents = p.available_cents;
      const rich = parts.filter((p) => p.available_cents > 0);
      const taken = splitCents(
        amount + covered,
        rich.map((p) => p.available_cents),
      );
      for (const [i, p] of rich.entries()) p.paid_cents = taken[i] ?? 0;
    }
    return {
      owner: { id: ownerId, name },
      available_cents: available,
      amount_cents: amount,
      entry_id: null,
      properties: parts,
    };
  });
}
