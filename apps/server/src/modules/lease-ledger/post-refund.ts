import { type LeasePosting, leaseLedgerMessages, type PostRefund } from "@keyholder/contracts/lease-ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { postEntries } from "../ledger/post-entries.ts";
import { insertAllocations } from "./allocate.ts";
import { findLease, lockLease } from "./find-lease.ts";
import { balanceAnswer, leaseLine, postOnce } from "./lease-posting.ts";
import { refundCashAccount } from "./refund-cash.ts";

/**
 * Pays back a lease's credit: D the account each credit sits on (prepaid rent, or receivables for a
 * credit there), C operating cash, using its credits oldest first. Refused beyond the credit held.
 */
export async function postRefund(
  tx: Tx,
  actor: Actor,
  leaseId: string,
  input: PostRefund,
): Promise<{ posting: LeasePosting; created: boolean }> {
  const lease = await findLease(tx, actor.orgId, leaseId);
  const key = `refund:${lease.id}:${input.idempotency_key}`;
  return postOnce(tx, actor.orgId, key, input.amount_cents, balanceAnswer(tx, actor.orgId, lease.id), async () => {
    await lockLease(tx, actor.orgId, lease.id);
    const { rows: credits } = (await tx.execute(sql`
    select entry_id, line_no, account_id, property_id, open_cents from lease_credits
    where organization_id = ${actor.orgId} and lease_id = ${lease.id} and open_cents > 0
    order by posted_on, entry_id, line_no`)) as unknown as {
      rows: {
        entry_id: number | string;
        line_no: number;
        account_id: number;
        property_id: string | null;
        open_cents: number | string;
      }[];
    };
    const held = credits.reduce((s, c) => s + Number(c.open_cents), 0);
    if (input.amount_cents > held) {
      const message = held === 0 ? leaseLedgerMessages.noCredit : leaseLedgerMessages.refundTooMuch(held);
      throw new HttpError(422, "REFUND_TOO_LARGE", message, { amount_cents: [message] });
    }
    const used: { entryId: number; lineNo: number; accountId: number; propertyId: string | null; cents: number }[] = [];
    let left = input.amount_cents;
    for (const c of credits) {
      if (left === 0) break;
      const take = Math.min(left, Number(c.open_cents));
      used.push({
        entryId: Number(c.entry_id),
        lineNo: c.line_no,
        accountId: Number(c.account_id),
        propertyId: c.property_id,
        cents: take,
      });
      left -= take;
    }
    const byAccount = new Map<number, number>();
    for (const u of used) byAccount.set(u.accountId, (byAccount.get(u.accountId) ?? 0) + u.cents);
    const cash = await refundCashAccount(tx, actor.orgId, "credit", lease.propertyId);
    const [entryId] = await postEntries(tx, actor.orgId, [
      {
        postedOn: input.posted_on,
        memo: `Refund, ${input.method.replace("_", " ")}${input.reference ? ` ${input.reference}` : ""}`,
        source: "refund",
        idempotencyKey: key,
        createdBy: actor.userId,
        lines: [
          ...[...byAccount].map(([accountId, cents]) => leaseLine(lease, accountId, cents)),
          leaseLine(lease, cash, -input.amount_cents),
        ],
      },
    ]);
    if (entryId === undefined) return undefined;
    await insertAllocations(
      tx,
      actor.orgId,
      lease.id,
      entryId,
      used.map((u) => ({
        sourceEntryId: u.entryId,
        propertyId: u.propertyId,
        credit: { entryId: u.entryId, lineNo: u.lineNo },
        amountCents: u.cents,
      })),
    );
    return entryId;
  });
}
