import { EMAIL_VERIFICATION_TTL_HOURS } from "@keyholder/contracts/email-verification";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { MailMessage } from "../../lib/mail/mailer.ts";
import { newToken } from "../../lib/tokens.ts";

type User = { organizationId: string; id: number };

/**
 * A new confirmation link for the account's email (the login name), replacing any older one; only
 * its hash is kept. Answers the mail to send once the transaction has committed.
 */
export async function issueVerificationLink(tx: Tx, user: User, baseUrl: string): Promise<MailMessage | null> {
  const { rows } = (await tx.execute(sql`select username from users
    where organization_id = ${user.organizationId} and id = ${user.id} and not email_verified`)) as unknown as {
    rows: { username: string }[];
  };
  const to = rows[0]?.username;
  if (!to) return null;
  await tx.execute(sql`update email_verification_tokens set used_at = now()
    where organization_id = ${user.organizationId} and user_id = ${user.id} and used_at is null`);
  const { token, hash } = newToken();
  await tx.execute(sql`insert into email_verification_tokens (token_hash, organization_id, user_id, expires_at)
    values (${hash}, ${user.organizationId}, ${user.id}, now() + make_interval(hours => ${EMAIL_VERIFICATION_TTL_HOURS}))`);
  return verificationMail(to, `${baseUrl}/verify-email?token=${encodeURIComponent(token)}`);
}

function verificationMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Confirm your email address for Keyholder",
    text: [
      "Hello,",
      "",
      "Please confirm that this is your email address by opening this link",
      `within ${EMAIL_VERIFICATION_TTL_HOURS} hours:`,
      "",
      link,
      "",
      "The link works once. If you did not sign up for Keyholder, ignore this message.",
      "",
      "The Keyholder team",
    ].join("\n"),
  };
}
