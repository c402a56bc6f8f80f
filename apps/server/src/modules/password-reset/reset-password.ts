import { passwordProblems } from "@keyholder/contracts/auth";
import { errorMessages } from "@keyholder/contracts/errors";
import { passwordResetMessages } from "@keyholder/contracts/password-reset";
import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { asSystem, type Database, type Tx } from "../../db/client.ts";
import { passwordResetTokens, users } from "../../db/schema/index.ts";
import { badRequest } from "../../lib/http-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { deleteOtherSessions } from "../../lib/sessions.ts";
import { hashToken } from "../../lib/tokens.ts";
import type { ResetAudience } from "./reset-audience.ts";

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
 * Claims a reset link of the audience with a conditional update, so two simultaneous uses cannot
 * both succeed: its owner, or a 400 "invalid or expired" for an unknown, used, expired link or one
 * of the other audience.
 */
export async function claimResetToken(tx: Tx, token: string, audience: ResetAudience) {
  const [claimed] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
        isNotNull(audience === "staff" ? passwordResetTokens.userId : passwordResetTokens.residentAccountId),
      ),
    )
    .returning({
      organizationId: passwordResetTokens.organizationId,
      userId: passwordResetTokens.userId,
      residentAccountId: passwordResetTokens.residentAccountId,
    });
  if (!claimed) throw badRequest(passwordResetMessages.invalidToken, { token: [passwordResetMessages.invalidToken] });
  return claimed;
}

/** The new password's problems (the sign-up rules), then its hash: before any transaction, argon2 takes a while. */
export async function newPasswordHash(password: string) {
  const problems = passwordProblems(password);
  if (problems.length > 0) throw badRequest(errorMessages.validation, { password: problems });
  return hashPassword(password);
}

/**
 * Sets a new password from a reset link. Every session of the user and every other reset link ends
 * (whoever had the old password, or an older link, is shut out).
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<void> {
  // Hash before the transaction: argon2 takes a while and must not hold the token row locked.
  const passwordHash = await newPasswordHash(password);
  await asSystem(db, async (tx) => {
    const claimed = await claimResetToken(tx, token, "staff");
    const user = { organizationId: claimed.organizationId, id: Number(claimed.userId) };
    await tx
      .update(users)
      .set({ passwordHash, lastModifiedDate: sql`now()` })
      .where(and(eq(users.organizationId, user.organizationId), eq(users.id, user.id)));
    await deleteOtherSessions(tx, user);
    await endResetLinks(tx, user);
  });
}
