import { bankAccountMessages } from "@keyholder/contracts/bank-accounts";
import { statementMessages } from "@keyholder/contracts/bank-statements";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { bankAccounts } from "../../db/schema/index.ts";
import { notFound } from "../../lib/http-error.ts";
import { refuseScopedUser } from "../../lib/refuse-scoped.ts";

/**
 * The bank account a statement is read into or from: 404 when it is not this organization's, 403
 * for a user of some properties (a statement is every property's money; the tables' row-level
 * security hides it from them as well).
 */
export async function statementAccount(tx: Tx, orgId: string, id: string) {
  refuseScopedUser(tx, statementMessages.scopedUser);
  const [account] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(sql`${bankAccounts.organizationId} = ${orgId} and ${bankAccounts.id} = ${id}`);
  if (!account) throw notFound(bankAccountMessages.notFound);
  return account;
}
