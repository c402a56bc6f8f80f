import type { LeasePosting, PostCredit } from "@keyholder/contracts/lease-ledger";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { postEntries } from "../ledger/post-entries.ts";
import { allocate, insertChargeAllocations, openCharges } from "./allocate.ts";
import { findLease, lockLease } from "./find-lease.ts";
import { accountsByRole, balanceAnswer, leaseLine, postOnce } from "./lease-posting.ts";

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
  return postOnce(tx, actor.orgId, key, input.amount_cents, balanceAnswer(tx, actor.orgId, lease.id), async () => {
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
    if (entryId !== undefined) await insertChargeAllocations(tx, actor.orgId, lease.id, entryId, allocations);
    return entryId;
  });
}
