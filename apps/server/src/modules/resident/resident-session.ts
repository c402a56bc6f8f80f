import { RESIDENT_SESSION_TTL_HOURS } from "@keyholder/contracts/resident";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Tx } from "../../db/client.ts";
import { residentAccounts, residentSessions } from "../../db/schema/index.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";

/** Who is asking on /api/v1/resident/*: read from the resident cookie, never the workspace's. */
export interface ResidentContext {
  tokenHash: string;
  orgId: string;
  accountId: string;
  tenantId: string;
  name: string;
  email: string;
  organizationName: string;
  /** Every tenant record of the account (its own first is `tenantId`, then the linked ones). */
  tenantIds: string[];
  /** The leases the resident's tenants are parties of, the current one first: app.resident_lease_ids. */
  leaseIds: string[];
  expiresAt: string;
}

export const RESIDENT_COOKIE = "kh_resident";
/** Its own cookie (decision 036): the workspace's auth never reads it, the portal never reads kh_session. */
export const residentCookieName = (app: FastifyInstance) =>
  app.sessionCookieName.startsWith("__Host-") ? `__Host-${RESIDENT_COOKIE}` : RESIDENT_COOKIE;

const cookieOptions = (app: FastifyInstance) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secure: app.sessionCookieName.startsWith("__Host-"),
});

export function setResidentCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(residentCookieName(app), token, { ...cookieOptions(app), maxAge: RESIDENT_SESSION_TTL_HOURS * 3600 });
}

export function clearResidentCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(residentCookieName(app), cookieOptions(app));
}

/**
 * The tenant records of account `a` (decision 036, "Several leases"): its own and those linked to
 * it. Their leases are the resident's: a lease is counted once however many of them are on it.
 */
const ACCOUNT_TENANTS = sql.raw(`array(select a.tenant_id union all select x.tenant_id from resident_account_tenants x
  where x.organization_id = a.organization_id and x.account_id = a.id)`);

/**
 * The resident session of a token (system context: the token names no organization), with its
 * account, tenant, organization and leases in one query.
 */
export async function findResidentSession(tx: Tx, token: string): Promise<ResidentContext | null> {
  const { rows } = (await tx.execute(sql`
    select s.token_hash, s.organization_id, s.expires_at, a.id as account_id, a.tenant_id, a.email, t.name,
      o.name as organization_name,
      coalesce((select array_agg(l.id::text order by
        case l.status when 'active' then 0 when 'notice' then 0 when 'pending' then 1 else 2 end, l.start_date desc, l.id)
        from leases l where l.organization_id = a.organization_id and l.id in (select p.lease_id from lease_parties p
          where p.organization_id = a.organization_id and p.tenant_id = any(${ACCOUNT_TENANTS}))),
        '{}') as lease_ids,
      ${ACCOUNT_TENANTS}::text[] as tenant_ids
    from resident_sessions s
    join resident_accounts a on a.organization_id = s.organization_id and a.id = s.account_id
    join tenants t on t.organization_id = a.organization_id and t.id = a.tenant_id
    join organizations o on o.id = a.organization_id
    where s.token_hash = ${hashToken(token)} and s.expires_at > now() and a.password_hash is not null
      and o.waitlist_status is distinct from 'rejected'`)) as unknown as { rows: Record<string, unknown>[] };
  const row = rows[0];
  if (!row) return null;
  const leaseIds = row.lease_ids;
  return {
    tokenHash: String(row.token_hash),
    orgId: String(row.organization_id),
    accountId: String(row.account_id),
    tenantId: String(row.tenant_id),
    name: String(row.name),
    email: String(row.email),
    organizationName: String(row.organization_name),
    tenantIds: toArray(row.tenant_ids),
    leaseIds: toArray(leaseIds),
    expiresAt: new Date(String(row.expires_at)).toISOString(),
  };
}

const toArray = (v: unknown) => (Array.isArray(v) ? v.map(String) : parsePgArray(String(v)));

/** A text[] as text ("{a,b}"), as some drivers hand it over. */
const parsePgArray = (v: string) =>
  v
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean);

export async function createResidentSession(
  tx: Tx,
  account: { organizationId: string; id: string },
  meta: { userAgent?: string | undefined; ip?: string | undefined },
) {
  await tx
    .update(residentAccounts)
    .set({ lastLogin: sql`now()` })
    .where(and(eq(residentAccounts.organizationId, account.organizationId), eq(residentAccounts.id, account.id)));
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + RESIDENT_SESSION_TTL_HOURS * 3_600_000).toISOString();
  await tx.insert(residentSessions).values({
    tokenHash: hash,
    organizationId: account.organizationId,
    accountId: account.id,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 500),
    ip: meta.ip,
  });
  return { token, expiresAt };
}

export async function deleteResidentSession(tx: Tx, tokenHash: string) {
  await tx.delete(residentSessions).where(eq(residentSessions.tokenHash, tokenHash));
}
