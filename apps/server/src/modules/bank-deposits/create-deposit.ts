import { type BankDeposit, bankAccountMessages, type CreateBankDeposit } from "@keyholder/contracts/bank-accounts";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { uuidArray } from "../../lib/sql-arrays.ts";
import { type NewLine, postEntries } from "../ledger/post-entries.ts";
import { readDeposits } from "./read-deposits.ts";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function depositOfKey(tx: Tx, orgId: string, key: string) {
  const [found] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select d.id from bank_deposits d
      join journal_entries e on e.organization_id = d.organization_id and e.id = d.entry_id
      where d.organization_id = ${orgId} and e.idempotency_key = ${key}`),
  );
  if (!found) return null;
  const [deposit] = await readDeposits(tx, orgId, sql`d.id = ${found.id}`, 1);
  return deposit ?? null;
}

/**
 * POST /bank-deposits: receipts waiting in Undeposited Funds go into a bank account on a day. One
 * entry, D the account's cash and C undeposited funds, per property (so each property's cash is
 * right in a trust account), keyed by the request: a retry or a second click answers the deposit
 * already made. The receipts are locked and marked with it; one deposited or returned meanwhile
 * refuses the whole deposit.
 */
export async function createDeposit(
  tx: Tx,
  actor: Actor,
  input: CreateBankDeposit,
): Promise<{ deposit: BankDeposit; created: boolean }> {
  const orgId = actor.orgId;
  const key = `deposit:request:${input.idempotency_key}`;
  const before = await depositOfKey(tx, orgId, key);
  if (before) return { deposit: before, created: false };

  const [bank] = rowsOf<{ ledger_account_id: number; undeposited: number }>(
    await tx.execute(sql`
      select b.ledger_account_id,
        (select id from ledger_accounts where organization_id = ${orgId} and role = 'undeposited_funds') as undeposited
      from bank_accounts b where b.organization_id = ${orgId} and b.id = ${input.bank_account_id} and b.is_active`),
  );
  if (!bank)
    throw badRequest(bankAccountMessages.depositAccount, { bank_account_id: [bankAccountMessages.depositAccount] });

  const paymentIds = uuidArray(input.payment_ids);
  const receipts = rowsOf<{ property_id: string; received_on: string; amount_cents: string; open: boolean }>(
    await tx.execute(sql`
      select property_id, received_on::text as received_on, amount_cents,
        deposit_id is null and return_entry_id is null as open
      from lease_payments
      where organization_id = ${orgId} and id = any(${paymentIds})
      order by id for update`),
  );
  if (receipts.length !== input.payment_ids.length || receipts.some((r) => !r.open)) {
    throw new HttpError(409, "RECEIPTS_GONE", bankAccountMessages.receiptsGone);
  }
  if (receipts.some((r) => r.received_on > input.deposited_on)) {
    throw badRequest(bankAccountMessages.receiptAfterDeposit, {
      deposited_on: [bankAccountMessages.receiptAfterDeposit],
    });
  }
  // A property whose money of this kind is kept in another account is deposited there, never here.
  const [elsewhere] = rowsOf<{ property: string; account: string }>(
    await tx.execute(sql`
      select p.name as property, o.name as account
      from bank_accounts b
      join bank_account_properties x on x.organization_id = b.organization_id and x.kind = b.kind and x.bank_account_id <> b.id
      join bank_accounts o on o.organization_id = x.organization_id and o.id = x.bank_account_id
      join properties p on p.organization_id = x.organization_id and p.id = x.property_id
      where b.organization_id = ${orgId} and b.id = ${input.bank_account_id}
        and x.property_id = any(${uuidArray([...new Set(receipts.map((r) => r.property_id))])})
      order by p.name limit 1`),
  );
  if (elsewhere) {
    const message = bankAccountMessages.keptElsewhere(elsewhere.property, elsewhere.account);
    throw badRequest(message, { bank_account_id: [message] });
  }
  const byProperty = new Map<string, number>();
  for (const r of receipts)
    byProperty.set(r.property_id, (byProperty.get(r.property_id) ?? 0) + Number(r.amount_cents));
  const lines: NewLine[] = [...byProperty].flatMap(([propertyId, cents]) => [
    { accountId: Number(bank.ledger_account_id), amountCents: cents, propertyId },
    { accountId: Number(bank.undeposited), amountCents: -cents, propertyId },
  ]);
  const total = [...byProperty.values()].reduce((sum, c) => sum + c, 0);
  const memo = input.memo || `Bank deposit of ${receipts.length} ${receipts.length === 1 ? "receipt" : "receipts"}`;
  const [entryId] = await postEntries(tx, orgId, [
    {
      postedOn: input.deposited_on,
      memo,
      source: "bank_deposit",
      idempotencyKey: key,
      createdBy: actor.userId,
      lines,
    },
  ]);
  if (entryId === undefined) {
    // The same key committed meanwhile (a double click): that deposit is the answer.
    const same = await depositOfKey(tx, orgId, key);
    if (!same) throw new HttpError(409, "RECEIPTS_GONE", bankAccountMessages.receiptsGone);
    return { deposit: same, created: false };
  }
  const [made] = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into bank_deposits (organization_id, bank_account_id, deposited_on, memo, total_cents, receipts, entry_id, created_by)
      values (${orgId}, ${input.bank_account_id}, ${input.deposited_on}, ${memo}, ${total}, ${receipts.length},
        ${entryId}, ${actor.userId})
      returning id`),
  );
  if (!made) throw new Error("no deposit");
  await tx.execute(sql`
    update lease_payments set deposit_id = ${made.id}
    where organization_id = ${orgId} and id = any(${paymentIds})`);
  const [deposit] = await readDeposits(tx, orgId, sql`d.id = ${made.id}`, 1);
  if (!deposit) throw new Error("no deposit");
  return { deposit, created: true };
}
