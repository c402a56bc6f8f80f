import { errorCodes } from "@keyholder/contracts/errors";
import { ledgerMessages } from "@keyholder/contracts/ledger";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { auditedAccount } from "./account-audit.ts";
import { accountUse } from "./account-use.ts";
import { readAccount } from "./list-accounts.ts";

/**
 * DELETE /ledger/accounts/{id}: an account made by mistake, never used. A system account, or one
 * with postings or recurring charges (ended ones too: their lines name it), stays; retiring it is
 * the way to stop using it. Recorded in its history.
 */
export async function deleteAccount(tx: Tx, actor: Actor, id: number): Promise<void> {
  const { rows } = (await tx.execute(sql`
    select role from ledger_accounts where organization_id = ${actor.orgId} and id = ${id} for update`)) as unknown as {
    rows: { role: string | null }[];
  };
  const [locked] = rows;
  if (!locked) throw notFound(ledgerMessages.accountNotFound);
  if (locked.role !== null) throw new HttpError(409, errorCodes.systemAccount, ledgerMessages.systemAccountKept);
  const use = await accountUse(tx, actor.orgId, id);
  if (use.posted || use.named) throw new HttpError(409, errorCodes.hasPostings, ledgerMessages.accountHasPostings);
  const before = await readAccount(tx, actor.orgId, id);
  await tx.execute(sql`delete from ledger_accounts where organization_id = ${actor.orgId} and id = ${id}`);
  await writeAudit(tx, actor, "ledger_account", [{ action: "delete", entityId: id, before: auditedAccount(before) }]);
}
