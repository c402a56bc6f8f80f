import { type LeasePosting, leaseLedgerMessages, type ReturnPayment } from "@keyholder/contracts/lease-ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { postEntries } from "../ledger/post-entries.ts";
import { insertAllocations } from "./allocate.ts";
import { findLease, lockLease } from "./find-lease.ts";
import { accountsByRole, leaseBalance, leaseLine, readPayment } from "./lease-posting.ts";

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * A payment came back (NSF). Reverses it and reopens exactly what it paid: the charges it paid
 * directly and those its prepaid rent paid later are owed again (D receivables), what is left of its
 * prepaid rent is taken back (D prepaid rent), any of it already refunded is owed as a charge, all
 * against C undeposited funds, or the bank account's cash once it was deposited. Then the NSF fee (D receivables, C NSF fees), of the request or the
 * organization's setting, keyed "nsf_fee:<payment>". Keyed "nsf:<payment>" and marked on the payment
 * (its row locked): a second return answers the first and posts nothing.
 */
export async function returnPayment(
  tx: Tx,
  actor: Actor,
  paymentId: string,
  input: ReturnPayment,
): Promise<{ posting: LeasePosting; created: boolean }> {
  const orgId = actor.orgId;
  const found = await readPayment(tx, orgId, { id: paymentId });
  if (!found) throw notFound(leaseLedgerMessages.paymentNotFound);
  const lease = await findLease(tx, orgId, found.lease_id);
  await lockLease(tx, actor.orgId, lease.id);
  // The row lock makes two returns at once take turns; the second sees the first's mark.
  await tx.execute(
    sql`select id from lease_payments where organization_id = ${orgId} and id = ${paymentId} for update`,
  );
  const payment = await readPayment(tx, orgId, { id: paymentId });
  if (!payment) throw notFound(leaseLedgerMessages.paymentNotFound);
  const answer = async (created: boolean) => {
    const now = await readPayment(tx, orgId, { id: paymentId });
    if (!now?.return_entry_id) throw new Error("the return was not recorded");
    const { propertyId: _, ...shown } = now;
    return {
      posting: {
        entry_id: now.return_entry_id,
        payment: shown,
        balance_cents: await leaseBalance(tx, orgId, lease.id),
      },
      created,
    };
  };
  if (payment.return_entry_id !== null) return answer(false);

  const P = payment.entry_id;
  // What it paid and what of it is still paid, per charge: directly, or through its prepaid rent.
  const paid = rows<{
    charge_entry_id: number | string;
    charge_line_no: number;
    property_id: string | null;
    cents: number | string;
  }>(
    await tx.execute(sql`select charge_entry_id, charge_line_no, min(property_id::text)::uuid as property_id, sum(amount_cents) as cents
      from lease_allocations where organization_id = ${orgId} and source_entry_id = ${P} and charge_entry_id is not null
      group by 1, 2 having sum(amount_cents) > 0 order by 1, 2`),
  ).map((r) => ({
    entryId: Number(r.charge_entry_id),
    lineNo: r.charge_line_no,
    propertyId: r.property_id,
    cents: Number(r.cents),
  }));
  const credits = rows<{
    line_no: number;
    property_id: string | null;
    amount_cents: number | string;
    open_cents: number | string;
  }>(
    await tx.execute(sql`select line_no, property_id, amount_cents, open_cents from lease_credits
      where organization_id = ${orgId} and entry_id = ${P} order by line_no`),
  );
  const reopenCents = paid.reduce((s, p) => s + p.cents, 0);
  const stillPrepaid = credits.reduce((s, c) => s + Number(c.open_cents), 0);
  // What neither pays a charge nor is still held was refunded (or moved by a manual entry): owed again.
  const refundedCents = payment.amount_cents - reopenCents - stillPrepaid;

  const account = await accountsByRole(tx, orgId);
  // A deposited payment comes back out of the bank it went into (decision 038), else out of
  // Undeposited Funds, where it still waits.
  const [deposited] = rows<{ ledger_account_id: number }>(
    await tx.execute(sql`select b.ledger_account_id from lease_payments p
      join bank_deposits d on d.organization_id = p.organization_id and d.id = p.deposit_id
      join bank_accounts b on b.organization_id = d.organization_id and b.id = d.bank_account_id
      where p.organization_id = ${orgId} and p.id = ${paymentId}`),
  );
  const cashAccount = deposited ? Number(deposited.ledger_account_id) : account("undeposited_funds");
  const returnKey = `nsf:${paymentId}`;
  const refundedKey = `nsf_refunded:${paymentId}`;
  // All of it refunded: nothing of it is left to reverse, only the refund to charge back (below).
  const reversedCents = payment.amount_cents - refundedCents;
  const [returnEntry] = await postEntries(
    tx,
    orgId,
    reversedCents === 0
      ? []
      : [
          {
            postedOn: input.returned_on,
            memo: `Returned payment (NSF): ${payment.method.replace("_", " ")}${payment.reference ? ` ${payment.reference}` : ""} of ${payment.received_on}`,
            source: "payment_return",
            idempotencyKey: returnKey,
            createdBy: actor.userId,
            lines: [
              leaseLine(lease, cashAccount, -reversedCents),
              ...(reopenCents > 0
                ? [leaseLine(lease, account("accounts_receivable"), reopenCents, "Charges it paid, open again")]
                : []),
              ...(stillPrepaid > 0
                ? [leaseLine(lease, account("prepaid_rent"), stillPrepaid, "Its prepaid rent taken back")]
                : []),
            ],
          },
        ],
  );
  if (returnEntry === undefined && reversedCents > 0)
    throw new Error("the payment's return was posted without its mark");
  await insertAllocations(tx, orgId, lease.id, returnEntry ?? 0, [
    ...paid.map((p) => ({
      sourceEntryId: P,
      propertyId: p.propertyId,
      charge: { entryId: p.entryId, lineNo: p.lineNo },
      amountCents: -p.cents,
    })),
    ...credits
      .filter((c) => Number(c.open_cents) > 0)
      .map((c) => ({
        sourceEntryId: P,
        propertyId: c.property_id,
        credit: { entryId: P, lineNo: c.line_no },
        amountCents: Number(c.open_cents),
      })),
  ]);
  // After the return's allocations: the fee (and a refunded part) are new charges, and the trigger
  // applies to them only credits the lease still holds, never this payment's.
  const [org] = rows<{ nsf_fee_cents: number | string }>(
    await tx.execute(sql`select nsf_fee_cents from organizations where id = ${orgId}`),
  );
  const feeCents = input.nsf_fee_cents ?? Number(org?.nsf_fee_cents ?? 0);
  const feeKey = `nsf_fee:${paymentId}`;
  await postEntries(tx, orgId, [
    ...(refundedCents > 0
      ? [
          {
            postedOn: input.returned_on,
            memo: "Returned payment (NSF): its credit was refunded",
            source: "charge" as const,
            idempotencyKey: refundedKey,
            createdBy: actor.userId,
            lines: [
              leaseLine(lease, account("accounts_receivable"), refundedCents),
              leaseLine(lease, cashAccount, -refundedCents),
            ],
          },
        ]
      : []),
    ...(feeCents > 0
      ? [
          {
            postedOn: input.returned_on,
            memo: "NSF fee",
            source: "nsf_fee" as const,
            idempotencyKey: feeKey,
            createdBy: actor.userId,
            lines: [
              leaseLine(lease, account("accounts_receivable"), feeCents),
              leaseLine(lease, account("nsf_fee_income"), -feeCents),
            ],
          },
        ]
      : []),
  ]);
  const entryOf = (key: string) =>
    sql`(select id from journal_entries where organization_id = ${orgId} and idempotency_key = ${key})`;
  await tx.execute(sql`update lease_payments set return_entry_id = coalesce(${entryOf(returnKey)}, ${entryOf(refundedKey)}),
      returned_on = ${input.returned_on},
      return_fee_entry_id = ${entryOf(feeKey)}
    where organization_id = ${orgId} and id = ${paymentId}`);
  return answer(true);
}
