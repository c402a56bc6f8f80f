import { type CreateAccount, type LedgerAccount, ledgerMessages } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { violatesUnique } from "../../lib/violates.ts";
import { auditedAccount } from "./account-audit.ts";
import { readAccount } from "./list-accounts.ts";

/** A code already in the chart is named on the code field (the unique index decides, so two at once cannot both win). */
export const codeTaken = (code: string) =>
  new HttpError(409, "ACCOUNT_CODE_TAKEN", ledgerMessages.accountCodeTaken(code), {
    code: [ledgerMessages.accountCodeTaken(code)],
  });

export const isCodeConflict = (err: unknown) => violatesUnique(err, "ledger_accounts_org_code_key");

/** POST /ledger/accounts: an account of the organization's own, active, with no role. Recorded in its history. */
export async function createAccount(tx: Tx, actor: Actor, input: CreateAccount): Promise<LedgerAccount> {
  const { rows } = (await tx.execute(sql`
    insert into ledger_accounts (organization_id, code, name, type)
    values (${actor.orgId}, ${input.code}, ${input.name}, ${input.type})
    on conflict (organization_id, code) do nothing
    returning id`)) as unknown as { rows: { id: number }[] };
  const [row] = rows;
  if (!row) throw codeTaken(input.code);
  const account = await readAccount(tx, actor.orgId, Number(row.id));
  await writeAudit(tx, actor, "ledger_account", [
    { action: "create", entityId: account.id, after: auditedAccount(account) },
  ]);
  return account;
}
