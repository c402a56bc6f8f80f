import { RESET_MAILS_PER_HOUR, RESET_TOKEN_TTL_MINUTES } from "@keyholder/contracts/password-reset";
import { sql } from "drizzle-orm";
import { asSystem, type Database } from "../../db/client.ts";
import type { Mailer } from "../../lib/mail/mailer.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { type ResetAudience, resetAccountOf, resetPagePath } from "./reset-audience.ts";
import { resetMail } from "./reset-mail.ts";

interface Deps {
  db: Database;
  mailer: Mailer;
  baseUrl: string;
}

/**
 * Mails a single-use reset link when the email belongs to an account of the audience that may sign
 * in, at most RESET_MAILS_PER_HOUR an hour to one address whoever asks (staff and resident links
 * count together: the cap protects the inbox). The caller answers the same either way, and the
 * work is the same too (issue item 17: a known address took measurably longer): a link and its
 * mail are made for every request, and one statement counts the address, finds the account and
 * keeps the link and the mail only when there is one.
 */
export async function requestPasswordReset(
  deps: Deps,
  email: string,
  audience: ResetAudience = "staff",
): Promise<void> {
  const address = email.trim().toLowerCase();
  const { token, hash } = newToken();
  const link = `${deps.baseUrl}${resetPagePath(audience)}?token=${encodeURIComponent(token)}`;
  const mail = resetMail(address, link, audience);
  const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000).toISOString();
  const { rows } = (await asSystem(deps.db, (tx) =>
    tx.execute(sql`
      with counted as (
        insert into rate_limits (bucket, key, count, reset_at)
        values ('reset-mails', ${hashToken(address)}, 1, now() + interval '1 hour')
        on conflict (bucket, key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count
      ), account as (
        select * from (${resetAccountOf(audience, address)}) a
        where (select count from counted) <= ${RESET_MAILS_PER_HOUR}
        limit 1
      ), link as (
        insert into password_reset_tokens (token_hash, organization_id, user_id, resident_account_id, expires_at)
        select ${hash}, organization_id, user_id, resident_account_id, ${expiresAt} from account
        returning 1
      )
      insert into mail_outbox (to_address, subject, text_body, transport)
      select email, ${mail.subject}, ${mail.text}, ${deps.mailer.transport} from account
      returning id, to_address`),
  )) as unknown as { rows: { id: number | string; to_address: string }[] };
  const sent = rows[0];
  if (sent) deps.mailer.deliver(Number(sent.id), { ...mail, to: sent.to_address });
}
