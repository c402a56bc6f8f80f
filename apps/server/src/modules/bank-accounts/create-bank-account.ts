import {
  BANK_ACCOUNT_KIND_LABELS,
  BANK_ACCOUNT_KIND_ROLES,
  type BankAccount,
  bankAccountMessages,
  type CreateBankAccount,
} from "@keyholder/contracts/bank-accounts";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";
import { auditedBankAccount } from "./bank-account-audit.ts";
import { isNameConflict, nameTaken } from "./name-taken.ts";
import { readBankAccounts } from "./read-bank-accounts.ts";

const CASH_ROLES = Object.values(BANK_ACCOUNT_KIND_ROLES);
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * The cash account a new bank account is the bank side of: the one chosen (an active asset account,
 * a cash one or the organization's own, no other bank account's), else the kind's system cash
 * account while no bank account has it, else a new asset account coded after it ("1020-1").
 */
async function cashAccountFor(tx: Tx, orgId: string, input: CreateBankAccount): Promise<number> {
  if (input.ledger_account_id != null) {
    const [ok] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select a.id from ledger_accounts a
        where a.organization_id = ${orgId} and a.id = ${input.ledger_account_id} and a.type = 'asset' and a.is_active
          and (a.role is null or a.role in (${sql.join(
            CASH_ROLES.map((r) => sql`${r}`),
            sql`, `,
          )}))
          and not exists (select 1 from bank_accounts b where b.organization_id = a.organization_id and b.ledger_account_id = a.id)`),
    );
    if (!ok)
      throw badRequest(bankAccountMessages.ledgerAccount, { ledger_account_id: [bankAccountMessages.ledgerAccount] });
    return Number(ok.id);
  }
  const role = BANK_ACCOUNT_KIND_ROLES[input.kind];
  const [system] = rowsOf<{ id: number; code: string; name: string; taken: boolean }>(
    await tx.execute(sql`
      select a.id, a.code, a.name,
        exists (select 1 from bank_accounts b where b.organization_id = a.organization_id and b.ledger_account_id = a.id) as taken
      from ledger_accounts a where a.organization_id = ${orgId} and a.role = ${role}`),
  );
  if (!system) throw new Error(`no ${role} account`);
  if (!system.taken) return Number(system.id);
  // The first free "<code>-<n>" after the system account's code; the chart's unique code decides a race.
  const [made] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into ledger_accounts (organization_id, code, name, type)
      select ${orgId}, ${system.code} || '-' || n, ${`${BANK_ACCOUNT_KIND_LABELS[input.kind]} Cash - ${input.name}`.slice(0, 100)}, 'asset'
      from generate_series(1, 1000) n
      where not exists (select 1 from ledger_accounts a where a.organization_id = ${orgId} and a.code = ${system.code} || '-' || n)
      order by n limit 1
      returning id`),
  );
  if (!made)
    throw badRequest(bankAccountMessages.ledgerAccount, { ledger_account_id: [bankAccountMessages.ledgerAccount] });
  return Number(made.id);
}

/** POST /bank-accounts: recorded in its history. */
export async function createBankAccount(tx: Tx, actor: Actor, input: CreateBankAccount): Promise<BankAccount> {
  const [exists] = rowsOf<unknown>(
    await tx.execute(sql`
      select 1 from bank_accounts where organization_id = ${actor.orgId} and lower(name) = lower(${input.name})`),
  );
  if (exists) throw nameTaken(input.name);
  const ledgerAccountId = await cashAccountFor(tx, actor.orgId, input);
  const [row] = rowsOf<{ id: string }>(
    await tx
      .execute(sql`
        insert into bank_accounts (organization_id, name, kind, ledger_account_id, bank_name, account_last4, routing_number,
          created_by, last_modified_by)
        values (${actor.orgId}, ${input.name}, ${input.kind}, ${ledgerAccountId}, ${input.bank_name ?? null},
          ${input.account_last4 ?? null}, ${input.routing_number ?? null}, ${actor.userId}, ${actor.userId})
        returning id`)
      .catch((err: unknown) => {
        throw isNameConflict(err) ? nameTaken(input.name) : err;
      }),
  );
  if (!row) throw new Error("no bank account");
  const [account] = await readBankAccounts(tx, actor.orgId, sql`b.id = ${row.id}`);
  if (!account) throw new Error("no bank account");
  await writeAudit(tx, actor, "bank_account", [
    { action: "create", entityId: account.id, after: auditedBankAccount(account) },
  ]);
  return account;
}
