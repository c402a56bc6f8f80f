import { type BankAccount, bankAccountMessages, type UpdateBankAccount } from "@keyholder/contracts/bank-accounts";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { auditedBankAccount } from "./bank-account-audit.ts";
import { isNameConflict, nameTaken } from "./name-taken.ts";
import { readBankAccounts } from "./read-bank-accounts.ts";

/** PATCH /bank-accounts/{id}: what was sent changes, the rest stays; recorded in its history. */
export async function updateBankAccount(
  tx: Tx,
  actor: Actor,
  id: string,
  input: UpdateBankAccount,
): Promise<BankAccount> {
  const [before] = await readBankAccounts(tx, actor.orgId, sql`b.id = ${id}`);
  if (!before) throw notFound(bankAccountMessages.notFound);
  const next = {
    name: input.name ?? before.name,
    bank_name: input.bank_name === undefined ? before.bank_name : input.bank_name,
    account_last4: input.account_last4 === undefined ? before.account_last4 : input.account_last4,
    routing_number: input.routing_number === undefined ? before.routing_number : input.routing_number,
    is_active: input.is_active ?? before.is_active,
  };
  if (next.name.toLowerCase() !== before.name.toLowerCase()) {
    const { rows } = (await tx.execute(sql`
      select 1 from bank_accounts where organization_id = ${actor.orgId} and lower(name) = lower(${next.name}) and id <> ${id}`)) as unknown as {
      rows: unknown[];
    };
    if (rows.length) throw nameTaken(next.name);
  }
  await tx
    .execute(sql`
      update bank_accounts set name = ${next.name}, bank_name = ${next.bank_name}, account_last4 = ${next.account_last4},
        routing_number = ${next.routing_number}, is_active = ${next.is_active},
        last_modified_by = ${actor.userId}, last_modified_date = now()
      where organization_id = ${actor.orgId} and id = ${id}`)
    .catch((err: unknown) => {
      throw isNameConflict(err) ? nameTaken(next.name) : err;
    });
  const [after] = await readBankAccounts(tx, actor.orgId, sql`b.id = ${id}`);
  if (!after) throw notFound(bankAccountMessages.notFound);
  await writeAudit(tx, actor, "bank_account", [
    { action: "update", entityId: id, before: auditedBankAccount(before), after: auditedBankAccount(after) },
  ]);
  return after;
}
