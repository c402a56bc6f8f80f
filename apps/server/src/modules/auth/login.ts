import { authMessages, type LoginRequest } from "@keyholder/contracts/auth";
import { LOGIN_CHALLENGE_MINUTES } from "@keyholder/contracts/two-factor";
import { eq, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { asSystem } from "../../db/client.ts";
import { loginChallenges, organizations, users } from "../../db/schema/index.ts";
import { HttpError } from "../../lib/http-error.ts";
import { dummyPasswordHash, verifyPassword } from "../../lib/passwords.ts";
import { createSession } from "../../lib/sessions.ts";
import { newToken } from "../../lib/tokens.ts";

export const invalidCredentials = () => new HttpError(401, "INVALID_CREDENTIALS", authMessages.loginInvalid);

/**
 * Checks the password, then the account's standing, then opens a new session. The standing is
 * checked only after a correct password so that refusals do not reveal which accounts exist.
 */
export async function login(
  db: Database,
  input: LoginRequest,
  meta: { userAgent?: string; ip?: string },
  /** Runs in the login's transaction once the account may sign in, before its session opens (accepting an invitation). */
  beforeSession?: (tx: Tx, user: typeof users.$inferSelect) => Promise<void>,
) {
  return asSystem(db, async (tx) => {
    const [row] = await tx
      .select({ user: users, orgStatus: organizations.waitlistStatus })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(sql`lower(${users.username}) = lower(${input.username.trim()})`)
      .limit(1);
    const ok = await verifyPassword(row?.user.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!row || !ok) throw invalidCredentials();
    const { user } = row;
    if (user.banned || user.locked || !user.enabled) {
      throw new HttpError(403, "ACCOUNT_LOCKED", authMessages.accountLocked);
    }
    if (row.orgStatus === "rejected") {
      throw new HttpError(403, "ORGANIZATION_REJECTED", authMessages.organizationRejected);
    }
    if (user.waitlisted || row.orgStatus === "waitlisted") {
      throw new HttpError(403, "WAITLISTED", authMessages.accountWaitlisted, undefined, { waitlisted: true });
    }
    await beforeSession?.(tx, user);
    // With two-factor sign-in, the password only opens the second step (decision 020).
    if (user.twoFactorEnabled) return { user, challenge: await createChallenge(tx, user) };
    return { user, session: await createSession(tx, user, meta) };
  });
}

async function createChallenge(tx: Tx, user: { organizationId: string; id: number }) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + LOGIN_CHALLENGE_MINUTES * 60_000).toISOString();
  await tx
    .insert(loginChallenges)
    .values({ tokenHash: hash, organizationId: user.organizationId, userId: user.id, expiresAt });
  return { token, expiresAt };
}
