import { bankAccountMessages, type CreateBankTransfer } from "@keyholder/contracts/bank-accounts";
import { type JournalEntry, ledgerMessages } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { Actor } from "../../lib/audit.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { postEntries } from "../ledger/post-entries.ts";
import { readEntries } from "../ledger/read-entries.ts";

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * POST /bank-transfers: money moved between two active bank accounts on a day, one entry (D the
 * receiving account's cash, C the sending one's), both lines of the property when it is that
 * property's money, so its cash stays right in each account. Keyed by the request: a retry answers
 * the transfer already posted.
 */
export async function createTransfer(
  tx: Tx,
  actor: Actor,
  input: CreateBankTransfer,
): Promise<{ entry: JournalEntry; created: boolean }> {
  const orgId = actor.orgId;
  const key = `transfer:request:${input.idempotency_key}`;
  const byKey = async () =>
    (await readEntries(tx, sql`e.organization_id = ${orgId} and e.idempotency_key = ${key}`, 1))[0] ?? null;
  const before = await byKey();
  if (before) return { entry: before, created: false };

  const accounts = rowsOf<{ id: string; name: string; ledger_account_id: number }>(
    await tx.execute(sql`
      select id, name, ledger_account_id from bank_accounts
      where organization_id = ${orgId} and is_active and id in (${input.from_bank_account_id}, ${input.to_bank_account_id})`),
  );
  const from = accounts.find((a) => a.id === input.from_bank_account_id);
  const to = accounts.find((a) => a.id === input.to_bank_account_id);
  const fields: Record<string, string[]> = {};
  if (!from) fields.from_bank_account_id = [bankAccountMessages.transferFrom];
  if (!to) fields.to_bank_account_id = [bankAccountMessages.transferTo];
  if (input.property_id) {
    const [property] = rowsOf<unknown>(
      await tx.execute(sql`select 1 from properties where organization_id = ${orgId} and id = ${input.property_id}`),
    );
    if (!property) fields.property_id = [ledgerMessages.propertyUnknown];
  }
  if (!from || !to || Object.keys(fields).length) throw badRequest(Object.values(fields)[0]?.[0] ?? "", fields);

  const propertyId = input.property_id ?? null;
  const [id] = await postEntries(tx, orgId, [
    {
      postedOn: input.transferred_on,
      memo: input.memo || `Transfer from ${from.name} to ${to.name}`,
      source: "bank_transfer",
      idempotencyKey: key,
      createdBy: actor.userId,
      lines: [
        { accountId: Number(to.ledger_account_id), amountCents: input.amount_cents, propertyId },
        { accountId: Number(from.ledger_account_id), amountCents: -input.amount_cents, propertyId },
      ],
    },
  ]);
  // Nothing posted: the same key committed meanwhile (a double click); that entry is the answer.
  const entry =
    id === undefined
      ? await byKey()
      : (await readEntries(tx, sql`e.organization_id = ${orgId} and e.id = ${id}`, 1))[0];
  if (!entry) throw new HttpError(409, "KEY_REUSED", ledgerMessages.keyReused);
  return { entry, created: id !== undefined };
}
