import { type LeasePosting, leaseLedgerMessages, type PostCharge } from "@keyholder/contracts/lease-ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { postEntries } from "../ledger/post-entries.ts";
import { findLease, lockLease } from "./find-lease.ts";
import { accountsByRole, balanceAnswer, leaseLine, postOnce } from "./lease-posting.ts";

/**
 * A one-time charge to a lease: D receivables, C the income account chosen. The open-items trigger
 * makes it an open charge and applies the lease's prepaid rent to it in the same statement.
 */
export async function postCharge(
  tx: Tx,
  actor: Actor,
  leaseId: string,
  input: PostCharge,
): Promise<{ posting: LeasePosting; created: boolean }> {
  const lease = await findLease(tx, actor.orgId, leaseId);
  const key = `lease_charge:${lease.id}:${input.idempotency_key}`;
  return postOnce(tx, actor.orgId, key, input.amount_cents, balanceAnswer(tx, actor.orgId, lease.id), async () => {
    const { rows } = (await tx.execute(sql`select type, is_active from ledger_accounts
    where organization_id = ${actor.orgId} and id = ${input.account_id}`)) as unknown as {
      rows: { type: string; is_active: boolean }[];
    };
    if (rows[0]?.type !== "income" || !rows[0].is_active) {
      throw new HttpError(422, "VALIDATION_FAILED", leaseLedgerMessages.incomeAccount, {
        account_id: [leaseLedgerMessages.incomeAccount],
      });
    }
    const account = await accountsByRole(tx, actor.orgId);
    await lockLease(tx, actor.orgId, lease.id);
    const [id] = await postEntries(tx, actor.orgId, [
      {
        postedOn: input.posted_on,
        memo: input.description,
        source: "charge",
        idempotencyKey: key,
        createdBy: actor.userId,
        lines: [
          leaseLine(lease, account("accounts_receivable"), input.amount_cents),
          leaseLine(lease, input.account_id, -input.amount_cents),
        ],
      },
    ]);
    return id;
  });
}
