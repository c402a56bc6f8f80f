import { passwordProblems } from "@keyholder/contracts/auth";
import { errorMessages } from "@keyholder/contracts/errors";
import { passwordResetMessages } from "@keyholder/contracts/password-reset";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { asSystem, type Database, type Tx } from "../../db/client.ts";
import { passwordResetTokens, users } from "../../db/schema/index.ts";
import { badRequest } from "../../lib/http-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { deleteOtherSessions } from "../../lib/sessions.ts";
import { hashToken } from "../../lib/tokens.ts";

/** Every reset link the user still holds stops working (after a reset or a change of password). */
export function endResetLinks(tx: Tx, user: { organizationId: string; id: number }) {
  return tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.organizationId, user.organizationId),
        eq(passwordResetTokens.userId, user.id),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}

/**
 * Sets a new password from a reset link. The token is claimed with a conditional update, so two
 * simultaneous uses cannot both succeed; every session of the user and every other reset link ends
 * (whoever had the old password, or an older link, is shut out).
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<void> {
  const problems = passwordProblems(password);
  if (problems.length > 0) throw badRequest(errorMessages.validation, { password: problems });
  // Hash before the transaction: argon2 takes a while and must not hold the token row locked.
  const passwordHash = await hashPassword(password);
  await asSystem(db, async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ organizationId: passwordResetTokens.organizationId, userId: passwordResetTokens.userId });
    if (!claimed) throw badRequest(passwordResetMessages.invalidToken, { token: [passwordResetMessages.invalidToken] });
    const user = { organizationId: claimed.organizationId, id: claimed.userId };
    await tx
      .update(users)
      .set({ passwordHash, lastModifiedDate: sql`now()` })
      .where(and(eq(users.organizationId, user.organizationId), eq(users.id, user.id)));
    await deleteOtherSessions(tx, user);
    await endResetLinks(tx, user);
  });
}
