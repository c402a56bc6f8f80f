import type { LeasePosting, PostCredit } from "@keyholder/contracts/lease-ledger";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { postEntries } from "../ledger/post-entries.ts";
import { allocate, insertAllocations, openCharges } from "./allocate.ts";
import { findLease, lockLease } from "./find-lease.ts";
import { accountsByRole, entryByKey, leaseBalance, leaseLine } from "./lease-posting.ts";
import { keyReused } from "./post-charge.ts";

/**
 * A concession or credit to a lease: D concessions, C receivables what it pays of the open charges
 * (those picked, else the oldest first), C prepaid rent the rest (used by the next charge).
 */
export async function postCredit(
  tx: Tx,
  actor: Actor,
  leaseId: string,
  input: PostCredit,
): Promise<{ posting: LeasePosting; created: boolean }> {
  const lease = await findLease(tx, actor.orgId, leaseId);
  const key = `credit:${lease.id}:${input.idempotency_key}`;
  const answer = async (entryId: number, created: boolean) => ({
    posting: { entry_id: entryId, payment: null, balance_cents: await leaseBalance(tx, actor.orgId, lease.id) },
    created,
  });
  const before = await entryByKey(tx, actor.orgId, key);
  if (before) {
    if (before.debitsCents !== input.amount_cents) throw keyReused();
    return answer(before.id, false);
  }
  await lockLease(tx, actor.orgId, lease.id);
  const { allocations, appliedCents } = allocate(
    await openCharges(tx, actor.orgId, lease.id),
    input.amount_cents,
    input.allocations,
  );
  const prepaidCents = input.amount_cents - appliedCents;
  const account = await accountsByRole(tx, actor.orgId);
  const [entryId] = await postEntries(tx, actor.orgId, [
    {
      postedOn: input.posted_on,
      memo: input.description || "Credit",
      source: "credit",
      idempotencyKey: key,
      createdBy: actor.userId,
      lines: [
        leaseLine(lease, account("concessions"), input.amount_cents),
        ...(appliedCents > 0 ? [leaseLine(lease, account("accounts_receivable"), -appliedCents)] : []),
        ...(prepaidCents > 0
          ? [leaseLine(lease, account("prepaid_rent"), -prepaidCents, "Credit not applied yet")]
          : []),
      ],
    },
  ]);
  if (entryId === undefined) {
    const posted = await entryByKey(tx, actor.orgId, key);
    if (!posted || posted.debitsCents !== input.amount_cents) throw keyReused();
    return answer(posted.id, false);
  }
  await insertAllocations(
    tx,
    actor.orgId,
    lease.id,
    entryId,
    allocations.map((a) => ({
      sourceEntryId: entryId,
      propertyId: a.propertyId,
      charge: { entryId: a.entryId, lineNo: a.lineNo },
      amountCents: a.amountCents,
    })),
  );
  return answer(entryId, true);
}
