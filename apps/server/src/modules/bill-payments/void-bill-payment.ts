import { type BillPayment, payableMessages } from "@keyholder/contracts/payables";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { reverseEntry } from "../ledger/reverse-entry.ts";
import { readBillPayments } from "./read-bill-payments.ts";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * POST /bill-payments/{id}/void: a payment recorded wrongly (or a check that never cleared) undone:
 * its entry reversed (dated as asked, else its day, or today when that month is closed) and what it
 * took of each bill owed again (the bills locked in id order, as a payment locks them). Its
 * applications stay as the record; every reader of them leaves a voided payment's out. A payment
 * a completed reconciliation cleared is kept (409): the bank paid it. Voiding again answers it.
 */
export async function voidBillPayment(
  tx: Tx,
  actor: Actor,
  id: string,
  input: { voided_on?: string | undefined },
  now: Date,
): Promise<{ payment: BillPayment; voided: boolean }> {
  const orgId = actor.orgId;
  const read = async () => (await readBillPayments(tx, orgId, sql`p.id = ${id}`, 1))[0];
  const visible = await read();
  if (!visible) throw notFound(payableMessages.paymentNotFound);
  const [row] = rowsOf<{ entry_id: string; voided: boolean; reconciled: boolean }>(
    await tx.execute(sql`
      select p.entry_id, p.void_entry_id is not null as voided,
        exists (select 1 from bank_reconciliation_items i join bank_reconciliations r
          on r.organization_id = i.organization_id and r.id = i.reconciliation_id and r.status = 'completed'
          where i.organization_id = p.organization_id and i.entry_id = p.entry_id) as reconciled
      from bill_payments p where p.organization_id = ${orgId} and p.id = ${id}
      for update of p`),
  );
  if (!row) throw notFound(payableMessages.paymentNotFound);
  if (row.voided) return { payment: visible, voided: false };
  if (row.reconciled) throw new HttpError(409, "PAYMENT_RECONCILED", payableMessages.paymentInReconciliation);
  await tx.execute(sql`
    select 1 from bills where organization_id = ${orgId}
      and id in (select bill_id from bill_payment_applications where organization_id = ${orgId} and payment_id = ${id})
    order by id for update`);
  const { entry } = await reverseEntry(
    tx,
    actor,
    Number(row.entry_id),
    { posted_on: input.voided_on, memo: `Void of the payment to ${visible.vendor.name} of ${visible.paid_on}` },
    now,
    { voidingDocument: true },
  );
  await tx.execute(sql`
    update bills b set applied_cents = b.applied_cents - a.cents
    from (select bill_id, sum(amount_cents) as cents from bill_payment_applications
      where organization_id = ${orgId} and payment_id = ${id} group by bill_id) a
    where b.organization_id = ${orgId} and b.id = a.bill_id`);
  await tx.execute(sql`
    update bill_payments set void_entry_id = ${entry.id}, voided_by = ${actor.userId}, voided_date = now()
    where organization_id = ${orgId} and id = ${id}`);
  const done = await read();
  if (!done) throw notFound(payableMessages.paymentNotFound);
  return { payment: done, voided: true };
}
