import { isRoleName, ROLE_RANKS, type RoleName } from "@keyholder/contracts/permissions";
import { type UpdateUser, userAdminMessages, userMessages } from "@keyholder/contracts/users";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Actor, auditChanges, writeAudit } from "../../lib/audit.ts";
import { forbidden, HttpError, notFound } from "../../lib/http-error.ts";
import { removeTwoFactor } from "../two-factor/account-two-factor.ts";

type Rows<T> = { rows: T[] };
interface Account {
  role: string;
  enabled: boolean;
  locked: boolean;
  banned: boolean;
  twoFactor: boolean;
}

const rank = (role: string) => (isRoleName(role) ? ROLE_RANKS[role] : -1);
const activeAdministrator = (a: Pick<Account, "role" | "enabled" | "locked" | "banned">) =>
  (a.role === "ADMIN" || a.role === "OPERATOR") && a.enabled && !a.locked && !a.banned;

/** A user of the organization, locked for the change about to be made; 404 otherwise. */
export async function lockAccount(tx: Tx, userId: number): Promise<Account> {
  const { rows } = (await tx.execute(sql`
    select r.name as role, u.enabled, u.locked, u.banned, u.two_factor_enabled
    from users u join roles r on r.id = u.role_id where u.id = ${userId} for update of u`)) as unknown as Rows<{
    role: string;
    enabled: boolean;
    locked: boolean;
    banned: boolean;
    two_factor_enabled: boolean;
  }>;
  const row = rows[0];
  if (!row) throw notFound(userMessages.notFound);
  return {
    role: row.role,
    enabled: row.enabled,
    locked: row.locked,
    banned: row.banned,
    twoFactor: row.two_factor_enabled,
  };
}

/** Ends every session of a user: a removal, lock or sign-out counts from their next request. */
export async function endSessions(tx: Tx, userId: number) {
  const { rows } = (await tx.execute(
    sql`delete from sessions where user_id = ${userId} returning 1 as one`,
  )) as unknown as Rows<unknown>;
  return rows.length;
}

/**
 * Changes a user's role, lock or enabled flag (issue 13, item 5). Nobody gives a role above their
 * own or changes someone above them; the last active administrator stays one; a user disabled or
 * locked is signed out at once. Recorded in the user's history with who did it.
 */
export async function updateUser(tx: Tx, actor: Actor & { role: string }, userId: number, change: UpdateUser) {
  const before = await lockAccount(tx, userId);
  const after: Account = {
    ...before,
    role: change.role ?? before.role,
    enabled: change.enabled ?? before.enabled,
    locked: change.locked ?? before.locked,
  };
  if (userId === actor.userId && (!after.enabled || after.locked)) {
    throw new HttpError(409, "OWN_ACCOUNT", userAdminMessages.ownAccount);
  }
  if (rank(before.role) > rank(actor.role)) throw forbidden(userAdminMessages.outrankedTarget);
  if (change.role && rank(change.role as RoleName) > rank(actor.role)) throw forbidden(userAdminMessages.aboveOwnRole);
  if (activeAdministrator(before) && !activeAdministrator(after)) {
    // Locked in id order, so two administrators demoting each other at once cannot both succeed.
    const { rows } = (await tx.execute(sql`
      select count(*)::int as n from (select u.id from users u join roles r on r.id = u.role_id
        where u.id <> ${userId} and r.name in ('ADMIN', 'OPERATOR') and u.enabled and not u.locked and not u.banned
        order by u.id for update of u) others`)) as unknown as Rows<{ n: number }>;
    if (Number(rows[0]?.n) === 0) throw new HttpError(409, "LAST_ADMINISTRATOR", userAdminMessages.lastAdministrator);
  }
  const event = {
    action: "update" as const,
    entityId: userId,
    before: { role: before.role, enabled: before.enabled, locked: before.locked },
    after: { role: after.role, enabled: after.enabled, locked: after.locked },
  };
  if (Object.keys(auditChanges(event)).length === 0) return;
  await tx.execute(sql`update users set role_id = (select id from roles where name = ${after.role}),
    enabled = ${after.enabled}, locked = ${after.locked}, last_modified_by = ${actor.userId}, last_modified_date = now()
    where id = ${userId}`);
  if (!after.enabled || after.locked) await endSessions(tx, userId);
  await writeAudit(tx, actor, "user", [event]);
}

/** Signs a user out of every browser (issue 13, item 5); recorded in their history. */
export async function signOutEverywhere(tx: Tx, actor: Actor, userId: number) {
  await lockAccount(tx, userId);
  const ended = await endSessions(tx, userId);
  await writeAudit(tx, actor, "user", [
    { action: "update", entityId: userId, before: { sessions: ended }, after: { sessions: 0 } },
  ]);
}

/**
 * Turns a user's two-factor sign-in off (a lost phone): they sign in with their password until
 * they turn it on again. Their authenticator secret and recovery codes go with it.
 */
export async function resetTwoFactor(tx: Tx, actor: Actor, userId: number) {
  const before = await lockAccount(tx, userId);
  await removeTwoFactor(tx, userId);
  await writeAudit(tx, actor, "user", [
    {
      action: "update",
      entityId: userId,
      before: { two_factor_enabled: before.twoFactor },
      after: { two_factor_enabled: false },
    },
  ]);
}
