import { emailVerificationMessages } from "@keyholder/contracts/email-verification";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { hashToken } from "../../lib/tokens.ts";

/**
 * Confirms the address of the link's account: the link is claimed with a conditional update, so it
 * works once, and only before it expires. Answers the confirmed login name.
 */
export async function verifyEmail(tx: Tx, token: string): Promise<string> {
  const { rows } = (await tx.execute(sql`update email_verification_tokens set used_at = now()
    where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
    returning organization_id, user_id`)) as unknown as { rows: { organization_id: string; user_id: number }[] };
  const claimed = rows[0];
  if (!claimed) {
    throw badRequest(emailVerificationMessages.invalidToken, { token: [emailVerificationMessages.invalidToken] });
  }
  const { rows: users } = (await tx.execute(sql`update users set email_verified = true
    where organization_id = ${claimed.organization_id} and id = ${claimed.user_id}
    returning username`)) as unknown as { rows: { username: string }[] };
  return users[0]?.username ?? "";
}
