import {
  LOGIN_CHALLENGE_ATTEMPTS,
  TWO_FACTOR_LOCK_AFTER,
  TWO_FACTOR_LOCK_MAX_MINUTES,
  TWO_FACTOR_LOCK_MINUTES,
  type TwoFactorCode,
} from "@keyholder/contracts/two-factor";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { createSession } from "../../lib/sessions.ts";
import { hashToken } from "../../lib/tokens.ts";
import { spendRecoveryCode } from "./recovery-codes.ts";
import { acceptedStep } from "./totp.ts";

type Rows<T> = { rows: T[] };
type User = { organizationId: string; id: number };

export type ChallengeResult =
  | { ok: true; user: User; session: { token: string; expiresAt: string } }
  /** `paused` when this wrong code started a pause of the account's code step (the owner is mailed). */
  | { ok: false; reason: "expired" | "code" | "recovery"; paused?: Pause | undefined }
  /** The account's code step is paused: the code was not read. */
  | { ok: false; reason: "locked"; lockedUntil: string };
type Pause = { username: string; lockedUntil: string };

interface Guard {
  secret: string;
  last_used_step: string | number | null;
  failed_codes: number;
  lockouts: number;
  locked_until: string | null;
  locked: boolean;
  recent_lock: boolean;
  username: string;
}

/**
 * The second step of a sign-in (decision 020): the challenge the password opened, then a code of
 * the user's authenticator (each time step once) or one of their recovery codes (each once). A
 * wrong code counts against the challenge, which ends after LOGIN_CHALLENGE_ATTEMPTS, and against
 * the account whatever sign-in or address sent it: after TWO_FACTOR_LOCK_AFTER the account's code
 * step pauses (recovery codes, 50 random bits each, still work, so the owner is never shut out).
 * The caller commits the counts before answering, so a refusal is never rolled back.
 */
export async function verifyChallenge(
  tx: Tx,
  token: string | undefined,
  input: TwoFactorCode,
  meta: { userAgent?: string | undefined; ip?: string | undefined },
  readSecret: (stored: string) => string,
): Promise<ChallengeResult> {
  if (!token) return { ok: false, reason: "expired" };
  const { rows } = (await tx.execute(sql`
    update login_challenges set attempts = attempts + 1
    where token_hash = ${hashToken(token)} and expires_at > now() and attempts < ${LOGIN_CHALLENGE_ATTEMPTS}
    returning organization_id, user_id`)) as unknown as Rows<{ organization_id: string; user_id: number }>;
  const found = rows[0];
  if (!found) return { ok: false, reason: "expired" };
  const user = { organizationId: String(found.organization_id), id: Number(found.user_id) };
  // Locked: concurrent second steps of one account count one after another.
  const { rows: guards } = (await tx.execute(sql`
    select t.secret, t.last_used_step, t.failed_codes, t.lockouts, t.locked_until,
      coalesce(t.locked_until > now(), false) as locked,
      coalesce(t.locked_until > now() - interval '1 day', false) as recent_lock, u.username
    from user_two_factor t join users u on u.organization_id = t.organization_id and u.id = t.user_id
    where t.organization_id = ${user.organizationId} and t.user_id = ${user.id} and t.secret is not null
    for update of t`)) as unknown as Rows<Guard>;
  const guard = guards[0];
  if (!guard) return { ok: false, reason: "code" };
  if ("recovery_code" in input) {
    if (!(await spendRecoveryCode(tx, user, input.recovery_code))) {
      // While paused a wrong recovery code changes nothing: guessing one is hopeless anyway.
      return { ok: false, reason: "recovery", paused: guard.locked ? undefined : await countFailure(tx, user, guard) };
    }
  } else {
    if (guard.locked) return { ok: false, reason: "locked", lockedUntil: iso(guard.locked_until) };
    const last = guard.last_used_step === null ? null : Number(guard.last_used_step);
    const step = acceptedStep(readSecret(guard.secret), input.code, last);
    if (step === null) return { ok: false, reason: "code", paused: await countFailure(tx, user, guard) };
    await tx.execute(sql`update user_two_factor set last_used_step = ${step}
      where organization_id = ${user.organizationId} and user_id = ${user.id}`);
  }
  // Signed in: the count starts again and any pause ends (the run of pauses is kept for a day).
  await tx.execute(sql`update user_two_factor set failed_codes = 0,
      locked_until = case when locked_until > now() then now() else locked_until end
    where organization_id = ${user.organizationId} and user_id = ${user.id}`);
  await tx.execute(sql`delete from login_challenges where token_hash = ${hashToken(token)}`);
  return { ok: true, user, session: await createSession(tx, user, meta) };
}

/** Counts a wrong code; the one that reaches the limit starts a pause, which it answers. */
async function countFailure(tx: Tx, user: User, guard: Guard): Promise<Pause | undefined> {
  const failed = guard.failed_codes + 1;
  if (failed < TWO_FACTOR_LOCK_AFTER) {
    await tx.execute(sql`update user_two_factor set failed_codes = ${failed}
      where organization_id = ${user.organizationId} and user_id = ${user.id}`);
    return undefined;
  }
  const lockouts = guard.recent_lock ? guard.lockouts + 1 : 0;
  const minutes = Math.min(TWO_FACTOR_LOCK_MINUTES * 2 ** lockouts, TWO_FACTOR_LOCK_MAX_MINUTES);
  const { rows } = (await tx.execute(sql`update user_two_factor set failed_codes = 0, lockouts = ${lockouts},
      locked_until = now() + make_interval(mins => ${minutes})
    where organization_id = ${user.organizationId} and user_id = ${user.id}
    returning locked_until`)) as unknown as Rows<{ locked_until: string }>;
  return { username: guard.username, lockedUntil: iso(rows[0]?.locked_until ?? null) };
}

const iso = (value: string | Date | null) => new Date(value ?? Date.now()).toISOString();
