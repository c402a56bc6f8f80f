import { type BankDeposit, bankAccountMessages, type VoidBankDeposit } from "@keyholder/contracts/bank-accounts";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { reverseEntry } from "../ledger/reverse-entry.ts";
import { readDeposits } from "./read-deposits.ts";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * POST /bank-deposits/{id}/void: a deposit recorded wrongly (the wrong receipts, account or day) is
 * undone as the books undo anything: its entry is reversed (dated as asked, else the deposit's day,
 * or today when that month is closed) and its receipts go back to Undeposited Funds, to be deposited
 * again. Once: voiding a voided deposit answers it as it is. A deposit with a returned check is not
 * voided: the return came out of the bank account, and reversing the deposit would count it twice.
 */
export async function voidDeposit(
  tx: Tx,
  actor: Actor,
  id: string,
  input: VoidBankDeposit,
  now: Date,
): Promise<{ deposit: BankDeposit; voided: boolean }> {
  const orgId = actor.orgId;
  const read = async () => (await readDeposits(tx, orgId, sql`d.id = ${id}`, 1))[0];
  // Read first through the deposits' own visibility (a user of some properties sees only theirs).
  const visible = await read();
  if (!visible) throw notFound(bankAccountMessages.depositNotFound);
  const [deposit] = rowsOf<{ entry_id: string; voided: boolean; returned: boolean }>(
    await tx.execute(sql`
      select d.entry_id, d.void_entry_id is not null as voided,
        exists (select 1 from lease_payments p where p.organization_id = d.organization_id and p.deposit_id = d.id
          and p.return_entry_id is not null) as returned
      from bank_deposits d where d.organization_id = ${orgId} and d.id = ${id}
      for update`),
  );
  if (!deposit) throw notFound(bankAccountMessages.depositNotFound);
  if (deposit.voided) return { deposit: visible, voided: false };
  if (deposit.returned) throw new HttpError(409, "DEPOSIT_RETURNED", bankAccountMessages.depositReturned);
  const { entry } = await reverseEntry(
    tx,
    actor,
    Number(deposit.entry_id),
    {
      posted_on: input.voided_on,
      memo: `Void of the bank deposit of ${visible.deposited_on} into ${visible.bank_account.name}`,
    },
    now,
    { voidingDocument: true },
  );
  await tx.execute(sql`
    update lease_payments set deposit_id = null where organization_id = ${orgId} and deposit_id = ${id}`);
  await tx.execute(sql`
    update bank_deposits set void_entry_id = ${entry.id}, voided_by = ${actor.userId}, voided_date = now()
    where organization_id = ${orgId} and id = ${id}`);
  const done = await read();
  if (!done) throw notFound(bankAccountMessages.depositNotFound);
  return { deposit: done, voided: true };
}
