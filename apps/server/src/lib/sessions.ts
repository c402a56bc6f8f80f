import { SESSION_TTL_HOURS } from "@keyholder/contracts/auth";
import { can } from "@keyholder/contracts/permissions";
import { and, eq, gt, ne, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Tx } from "../db/client.ts";
import { organizations, roles, sessions, userProperties, users } from "../db/schema/index.ts";
import type { AuthContext } from "./auth-context.ts";
import { hashToken, newToken } from "./tokens.ts";

/** An administrator whose organization requires two-factor sign-in and who has not turned it on. */
export const twoFactorSetupRequired = (required: boolean, role: string, enabled: boolean) =>
  required && (role === "ADMIN" || role === "OPERATOR") && !enabled;

/**
 * Whether the user joined as staff and waits for an administrator's approval (issue 13): they may
 * sign in and see that they wait, nothing else. An administrator never waits.
 */
export const awaitingApprovalOf = (user: { organizationId: SQL; id: SQL }, roleName: SQL) =>
  sql<boolean>`(${roleName} <> 'ADMIN' and exists (
  select 1 from staff s where s.organization_id = ${user.organizationId} and s.user_id = ${user.id}
    and s.accepted_invite and not s.approved_invite))`;
export const awaitingApprovalSql = awaitingApprovalOf(
  { organizationId: sql`${users.organizationId}`, id: sql`${users.id}` },
  sql`${roles.name}`,
);

/** The columns that say what a request may do as a user: role, standing, two-factor rule, properties. */
const accountColumns = {
  isOperator: users.isOperator,
  roleName: roles.name,
  roleLabel: roles.displayName,
  usable: sql<boolean>`(${users.enabled} and not ${users.locked} and not ${users.banned})`,
  awaitingApproval: awaitingApprovalSql,
  twoFactorEnabled: users.twoFactorEnabled,
  requireTwoFactor: organizations.requireTwoFactorForAdmins,
  allProperties: sql<boolean>`(${users.allProperties} or ${roles.name} in ('ADMIN', 'OPERATOR'))`,
};
type AccountRow = {
  isOperator: boolean;
  roleName: string;
  roleLabel: string;
  awaitingApproval: boolean;
  twoFactorEnabled: boolean;
  requireTwoFactor: boolean;
  allProperties: boolean;
};

/** An account row as the request's context, with the properties of a user who works on some only. */
async function toAccount(tx: Tx, orgId: string, userId: number, row: AccountRow) {
  const propertyIds = row.allProperties
    ? null
    : (
        await tx
          .select({ id: userProperties.propertyId })
          .from(userProperties)
          .where(and(eq(userProperties.organizationId, orgId), eq(userProperties.userId, userId)))
      ).map((p) => p.id);
  return {
    userId,
    isOperator: row.isOperator,
    roleName: row.roleName,
    roleLabel: row.roleLabel,
    awaitingApproval: row.awaitingApproval,
    twoFactorSetupRequired: twoFactorSetupRequired(row.requireTwoFactor, row.roleName, row.twoFactorEnabled),
    propertyIds,
  };
}

/**
 * The session of a token, and whether its last-seen time is over a minute old (worth a write).
 * One query reads the session with its user's account (every request pays it). While its
 * administrator views the workspace as another user (issue 13, item 6), the session reads as that
 * user's, read-only, and names who is looking.
 */
export async function findSession(tx: Tx, token: string): Promise<(AuthContext & { seenLongAgo: boolean }) | null> {
  const tokenHash = hashToken(token);
  const [row] = await tx
    .select({
      ...accountColumns,
      tokenHash: sessions.tokenHash,
      expiresAt: sessions.expiresAt,
      userId: sessions.userId,
      orgId: sessions.organizationId,
      viewAsUserId: sessions.viewAsUserId,
      seenLongAgo: sql<boolean>`${sessions.lastSeenAt} < now() - interval '1 minute'`,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.organizationId, sessions.organizationId), eq(users.id, sessions.userId)))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row?.usable) return null;
  const base = { tokenHash: row.tokenHash, expiresAt: row.expiresAt, orgId: row.orgId, seenLongAgo: row.seenLongAgo };
  if (row.viewAsUserId !== null && can(row.roleName, "users.manage")) {
    const [viewed] = await tx
      .select(accountColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(and(eq(users.organizationId, row.orgId), eq(users.id, row.viewAsUserId)))
      .limit(1);
    if (viewed?.usable) {
      const account = await toAccount(tx, row.orgId, row.viewAsUserId, viewed);
      return { ...base, ...account, isOperator: false, twoFactorSetupRequired: false, viewer: row.userId };
    }
  }
  return { ...base, ...(await toAccount(tx, row.orgId, row.userId, row)), viewer: null };
}

/**
 * A fresh token for every sign-in; the session ends SESSION_TTL_HOURS later whatever the activity.
 * Every way into a session (password, second step, sign-up, joining through an invitation) is a
 * sign-in, so the user's last login is recorded here and nowhere else (issue 12).
 */
export async function createSession(
  tx: Tx,
  user: { organizationId: string; id: number },
  meta: { userAgent?: string | undefined; ip?: string | undefined },
) {
  await tx
    .update(users)
    .set({ lastLogin: sql`now()` })
    .where(and(eq(users.organizationId, user.organizationId), eq(users.id, user.id)));
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_HOURS * 3_600_000).toISOString();
  await tx.insert(sessions).values({
    tokenHash: hash,
    organizationId: user.organizationId,
    userId: user.id,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 500),
    ip: meta.ip,
  });
  return { token, tokenHash: hash, expiresAt };
}

export async function deleteSession(tx: Tx, tokenHash: string) {
  await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user but one (or all, when keep is omitted): password change and reset. */
export async function deleteOtherSessions(tx: Tx, user: { organizationId: string; id: number }, keep?: string) {
  const conditions = [eq(sessions.organizationId, user.organizationId), eq(sessions.userId, user.id)];
  if (keep) conditions.push(ne(sessions.tokenHash, keep));
  await tx.delete(sessions).where(and(...conditions));
}

/** last_seen_at at most once a minute per session, off the request's path. */
export function touchSession(app: FastifyInstance, tokenHash: string) {
  return app
    .asSystem((tx) =>
      tx
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(sessions.tokenHash, tokenHash), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`)),
    )
    .catch((err: unknown) => app.log.warn({ err }, "could not update session last_seen_at"));
}
