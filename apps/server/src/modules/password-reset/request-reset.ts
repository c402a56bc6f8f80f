import { RESET_TOKEN_TTL_MINUTES } from "@keyholder/contracts/password-reset";
import { and, eq, sql } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { passwordResetTokens, users } from "../../db/schema/index.ts";
import type { Mailer } from "../../lib/mail/mailer.ts";
import { newToken } from "../../lib/tokens.ts";
import { resetMail } from "./reset-mail.ts";

interface Deps {
  db: Database;
  mailer: Mailer;
  baseUrl: string;
}

/**
 * Mails a single-use reset link when the email belongs to an account that may sign in. The caller
 * answers the same either way, so nothing here may surface whether the account exists.
 */
export async function requestPasswordReset(deps: Deps, email: string): Promise<void> {
  const token = await asSystem(deps.db, async (tx) => {
    const [user] = await tx
      .select({ organizationId: users.organizationId, id: users.id, username: users.username })
      .from(users)
      .where(
        and(
          sql`lower(${users.username}) = ${email.trim().toLowerCase()}`,
          eq(users.enabled, true),
          eq(users.banned, false),
        ),
      )
      .limit(1);
    if (!user) return null;
    const { token, hash } = newToken();
    await tx.insert(passwordResetTokens).values({
      tokenHash: hash,
      organizationId: user.organizationId,
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString(),
    });
    return { token, to: user.username };
  });
  if (!token) return;
  await deps.mailer.send(
    resetMail(token.to, `${deps.baseUrl}/reset-password?token=${encodeURIComponent(token.token)}`),
  );
}
