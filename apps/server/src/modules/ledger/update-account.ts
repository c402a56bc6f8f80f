import { errorCodes } from "@keyholder/contracts/errors";
import { type LedgerAccount, ledgerMessages, type UpdateAccount } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { auditedAccount } from "./account-audit.ts";
import { accountUse } from "./account-use.ts";
import { codeTaken, isCodeConflict } from "./create-account.ts";
import { readAccount } from "./list-accounts.ts";

const refused = (code: string, message: string, field: string) =>
  new HttpError(409, code, message, { [field]: [message] });

/**
 * PATCH /ledger/accounts/{id}: rename, renumber, retire or bring back an account (a retired one takes
 * no new manual lines; its postings and balance stay). A system account (one code posts to by role)
 * keeps its type and cannot be retired; any account keeps its type once something posts or will post
 * to it, since its balance would change sides. Recorded in its history.
 */
export async function updateAccount(tx: Tx, actor: Actor, id: number, input: UpdateAccount): Promise<LedgerAccount> {
  const { rows } = (await tx.execute(sql`
    select role from ledger_accounts where organization_id = ${actor.orgId} and id = ${id} for update`)) as unknown as {
    rows: { role: string | null }[];
  };
  const [locked] = rows;
  if (!locked) throw notFound(ledgerMessages.accountNotFound);
  const before = await readAccount(tx, actor.orgId, id);
  const next = {
    code: input.code ?? before.code,
    name: input.name ?? before.name,
    type: input.type ?? before.type,
    is_active: input.is_active ?? before.is_active,
  };
  const system = locked.role !== null;
  const retyped = next.type !== before.type;
  const retired = !next.is_active && before.is_active;
  if (system && retyped) throw refused(errorCodes.systemAccount, ledgerMessages.systemAccountType, "type");
  if (system && retired) throw refused(errorCodes.systemAccount, ledgerMessages.systemAccountKept, "is_active");
  const use = retyped || retired ? await accountUse(tx, actor.orgId, id) : null;
  if (retyped && (use?.posted || (use?.charges ?? 0) > 0)) {
    throw refused("ACCOUNT_IN_USE", ledgerMessages.accountTypeUsed, "type");
  }
  if (retired && (use?.charges ?? 0) > 0) {
    throw refused("ACCOUNT_IN_USE", ledgerMessages.accountInUse(use?.charges ?? 0), "is_active");
  }
  if (next.code !== before.code) {
    const { rows: taken } = (await tx.execute(sql`
      select 1 from ledger_accounts where organization_id = ${actor.orgId} and code = ${next.code} and id <> ${id}`)) as unknown as {
      rows: unknown[];
    };
    if (taken.length) throw codeTaken(next.code);
  }
  await tx
    .execute(sql`
      update ledger_accounts set code = ${next.code}, name = ${next.name}, type = ${next.type}, is_active = ${next.is_active}
      where organization_id = ${actor.orgId} and id = ${id}`)
    .catch((err: unknown) => {
      // Another renumbering took the code between the check and the update.
      throw isCodeConflict(err) ? codeTaken(next.code) : err;
    });
  const after = await readAccount(tx, actor.orgId, id);
  await writeAudit(tx, actor, "ledger_account", [
    { action: "update", entityId: id, before: auditedAccount(before), after: auditedAccount(after) },
  ]);
  return after;
}
