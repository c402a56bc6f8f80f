import { LOGIN_CHALLENGE_ATTEMPTS, type TwoFactorCode } from "@keyholder/contracts/two-factor";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { hashToken } from "../../lib/tokens.ts";
import { createSession } from "../auth/sessions.ts";
import { spendRecoveryCode } from "./recovery-codes.ts";
import { acceptedStep } from "./totp.ts";

type Rows<T> = { rows: T[] };
export type ChallengeResult =
  | { ok: true; user: { organizationId: string; id: number }; session: { token: string; expiresAt: string } }
  | { ok: false; reason: "expired" | "code" | "recovery" };

/**
 * The second step of a sign-in (decision 020): the challenge the password opened, then a code of
 * the user's authenticator (each time step once) or one of their recovery codes (each once). A
 * wrong code counts against the challenge, which ends after LOGIN_CHALLENGE_ATTEMPTS; the caller
 * commits the count before answering, so a refusal is never rolled back.
 */
export async function verifyChallenge(
  tx: Tx,
  token: string | undefined,
  input: TwoFactorCode,
  meta: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<ChallengeResult> {
  if (!token) return { ok: false, reason: "expired" };
  const { rows } = (await tx.execute(sql`
    update login_challenges set attempts = attempts + 1
    where token_hash = ${hashToken(token)} and expires_at > now() and attempts < ${LOGIN_CHALLENGE_ATTEMPTS}
    returning organization_id, user_id`)) as unknown as Rows<{ organization_id: string; user_id: number }>;
  const found = rows[0];
  if (!found) return { ok: false, reason: "expired" };
  const user = { organizationId: String(found.organization_id), id: Number(found.user_id) };
  if ("recovery_code" in input) {
    if (!(await spendRecoveryCode(tx, user, input.recovery_code))) return { ok: false, reason: "recovery" };
  } else {
    const { rows: secrets } = (await tx.execute(sql`
      select secret, last_used_step from user_two_factor
      where organization_id = ${user.organizationId} and user_id = ${user.id} and secret is not null
      for update`)) as unknown as Rows<{ secret: string; last_used_step: string | number | null }>;
    const stored = secrets[0];
    const last =
      stored?.last_used_step === null || stored?.last_used_step === undefined ? null : Number(stored.last_used_step);
    const step = stored ? acceptedStep(stored.secret, input.code, last) : null;
    if (step === null) return { ok: false, reason: "code" };
    await tx.execute(sql`update user_two_factor set last_used_step = ${step}
      where organization_id = ${user.organizationId} and user_id = ${user.id}`);
  }
  await tx.execute(sql`delete from login_challenges where token_hash = ${hashToken(token)}`);
  return { ok: true, user, session: await createSession(tx, user, meta) };
}
