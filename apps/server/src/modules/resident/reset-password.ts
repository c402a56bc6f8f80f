import { sql } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import { claimResetToken, newPasswordHash } from "../password-reset/reset-password.ts";

/**
 * POST /resident/password-resets/{token}: the staff's reset links (decision 036, "Getting back
 * in"): the link is claimed once, the new password follows the staff rules, and every session of
 * the account, every sign-in waiting for its code and every other reset link of the account ends.
 * Two-factor sign-in stays on: a mailbox alone does not get past it (recovery codes do).
 */
export async function resetResidentPassword(db: Database, token: string, password: string): Promise<void> {
  const passwordHash = await newPasswordHash(password);
  await asSystem(db, async (tx) => {
    const claimed = await claimResetToken(tx, token, "resident");
    const org = claimed.organizationId;
    const id = String(claimed.residentAccountId);
    await tx.execute(sql`update resident_accounts set password_hash = ${passwordHash}
      where organization_id = ${org} and id = ${id}`);
    await tx.execute(sql`delete from resident_sessions where organization_id = ${org} and account_id = ${id}`);
    await tx.execute(sql`delete from resident_login_challenges where organization_id = ${org} and account_id = ${id}`);
    await tx.execute(sql`update password_reset_tokens set used_at = now()
      where organization_id = ${org} and resident_account_id = ${id} and used_at is null`);
  });
}
