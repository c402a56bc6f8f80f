import { operatorMessages } from "@keyholder/contracts/operator";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import { selectAccounts } from "./list-accounts.ts";

type Target = { organizationId: string; userId: number };

/**
 * Bans or lifts the ban on an account (issue item 19). A banned account is refused at sign-in with
 * the spec's "Account is locked or disabled", and its sessions and pending second steps end now.
 */
export async function setBanned(tx: Tx, target: Target, banned: boolean) {
  const { rows } = (await tx.execute(sql`update users set banned = ${banned}, last_modified_date = now()
    where organization_id = ${target.organizationId} and id = ${target.userId} and not is_operator
    returning id`)) as unknown as { rows: unknown[] };
  if (rows.length === 0) {
    const exists = await selectAccounts(
      tx,
      sql`u.organization_id = ${target.organizationId} and u.id = ${target.userId}`,
      1,
    );
    if (exists.accounts[0]?.is_operator)
      throw new HttpError(409, "OPERATOR_ACCOUNT", operatorMessages.cannotBanOperator);
    throw notFound(operatorMessages.accountNotFound);
  }
  if (banned) {
    await tx.execute(
      sql`delete from sessions where organization_id = ${target.organizationId} and user_id = ${target.userId}`,
    );
    await tx.execute(
      sql`delete from login_challenges where organization_id = ${target.organizationId} and user_id = ${target.userId}`,
    );
  }
  const { accounts } = await selectAccounts(
    tx,
    sql`u.organization_id = ${target.organizationId} and u.id = ${target.userId}`,
    1,
  );
  const account = accounts[0];
  if (!account) throw notFound(operatorMessages.accountNotFound);
  return account;
}
