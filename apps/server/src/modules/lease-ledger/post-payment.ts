import type { LeasePosting, PAYMENT_METHODS, PostPayment } from "@keyholder/contracts/lease-ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { postEntries } from "../ledger/post-entries.ts";
import { allocate, insertChargeAllocations, openCharges } from "./allocate.ts";
import { findLease, lockLease } from "./find-lease.ts";
import { accountsByRole, keyReused, leaseBalance, leaseLine, postOnce, readPayment } from "./lease-posting.ts";

const methodName: Record<(typeof PAYMENT_METHODS)[number], string> = {
  check: "check",
  cash: "cash",
  ach: "ACH",
  card: "card",
  money_order: "money order",
};

/**
 * A payment received for a lease: D undeposited funds the amount, C receivables what it pays of the
 * open charges (those picked, else the oldest first), C prepaid rent the rest, which the next charge
 * posted to the lease uses. Its allocations say which charges it paid, so a return reopens exactly
 * those. Keyed by the client's request key: a retry answers the payment recorded.
 */
export async function postPayment(
  tx: Tx,
  actor: Actor,
  leaseId: string,
  input: PostPayment,
): Promise<{ posting: LeasePosting; created: boolean }> {
  const lease = await findLease(tx, actor.orgId, leaseId);
  const key = `payment:${lease.id}:${input.idempotency_key}`;
  const answer = async (entryId: number, created: boolean) => {
    const payment = await readPayment(tx, actor.orgId, { entryId });
    if (!payment || payment.amount_cents !== input.amount_cents) throw keyReused();
    const { propertyId: _, ...shown } = payment;
    return {
      posting: { entry_id: entryId, payment: shown, balance_cents: await leaseBalance(tx, actor.orgId, lease.id) },
      created,
    };
  };
  return postOnce(tx, actor.orgId, key, input.amount_cents, answer, async () => {
    await lockLease(tx, actor.orgId, lease.id);
    const { allocations, appliedCents } = allocate(
      await openCharges(tx, actor.orgId, lease.id),
      input.amount_cents,
      input.allocations,
    );
    const prepaidCents = input.amount_cents - appliedCents;
    const account = await accountsByRole(tx, actor.orgId);
    const memo = `Payment, ${methodName[input.method]}${input.reference ? ` ${input.reference}` : ""}`;
    const [entryId] = await postEntries(tx, actor.orgId, [
      {
        postedOn: input.received_on,
        memo,
        source: "payment",
        idempotencyKey: key,
        createdBy: actor.userId,
        lines: [
          leaseLine(lease, account("undeposited_funds"), input.amount_cents),
          ...(appliedCents > 0 ? [leaseLine(lease, account("accounts_receivable"), -appliedCents)] : []),
          ...(prepaidCents > 0 ? [leaseLine(lease, account("prepaid_rent"), -prepaidCents, "Prepaid rent")] : []),
        ],
      },
    ]);
    if (entryId === undefined) return undefined;
    await tx.execute(sql`insert into lease_payments (organization_id, lease_id, property_id, entry_id, method, reference,
      received_on, amount_cents, created_by)
    values (${actor.orgId}, ${lease.id}, ${lease.propertyId}, ${entryId}, ${input.method}, ${input.reference ?? null},
      ${input.received_on}, ${input.amount_cents}, ${actor.userId})`);
    await insertChargeAllocations(tx, actor.orgId, lease.id, entryId, allocations);
    return entryId;
  });
}
