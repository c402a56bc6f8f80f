import { residentTwoFactorMessages as m } from "@keyholder/contracts/resident";
import {
  LOGIN_CHALLENGE_ATTEMPTS,
  LOGIN_CHALLENGE_MINUTES,
  TWO_FACTOR_LOCK_AFTER,
  TWO_FACTOR_LOCK_MINUTES,
  type TwoFactorCode,
} from "@keyholder/contracts/two-factor";
import { sql } from "drizzle-orm";
import QRCode from "qrcode";
import type { Tx } from "../../db/client.ts";
import { HttpError } from "../../lib/http-error.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import {
  deleteRecoveryCodes,
  issueRecoveryCodes,
  type RecoveryCodeOwner,
  recoveryCodesLeft,
  spendRecoveryCode,
} from "../two-factor/recovery-codes.ts";
import { openTotpSecret, sealTotpSecret } from "../two-factor/stored-secret.ts";
import { acceptedStep, newTotpSecret, totpOf } from "../two-factor/totp.ts";

type Rows<T> = { rows: T[] };
type Account = { organizationId: string; id: string };
const codeOwner = (a: Account): RecoveryCodeOwner => ({ organizationId: a.organizationId, residentAccountId: a.id });

/**
 * A resident's two-factor sign-in (decision 036), on the staff's TOTP code (secrets sealed at rest
 * the same way, each code once, one step of clock drift) and recovery codes (ten, each once). All in the system context: resident
 * accounts are no table of keyholder_resident's.
 */
async function accountOf(tx: Tx, a: Account) {
  const { rows } = (await tx.execute(sql`select email, password_hash, totp_secret is not null as enabled
    from resident_accounts where organization_id = ${a.organizationId} and id = ${a.id} for update`)) as unknown as Rows<{
    email: string;
    password_hash: string | null;
    enabled: boolean;
  }>;
  const row = rows[0];
  if (!row) throw new Error("signed-in resident vanished");
  return row;
}

async function checkPassword(hash: string | null, password: string) {
  if (!hash || !(await verifyPassword(hash, password))) {
    throw new HttpError(400, "PASSWORD_INVALID", m.passwordInvalid, { password: [m.passwordInvalid] });
  }
}

export async function residentTwoFactorStatus(tx: Tx, a: Account) {
  const enabled = (await accountOf(tx, a)).enabled;
  return { enabled, recovery_codes_left: enabled ? await recoveryCodesLeft(tx, codeOwner(a)) : 0 };
}

/** Ten new recovery codes (the old ones stop working), with the password; answered once. */
export async function newResidentRecoveryCodes(tx: Tx, a: Account, input: { password: string }) {
  const account = await accountOf(tx, a);
  await checkPassword(account.password_hash, input.password);
  if (!account.enabled) throw new HttpError(409, "TWO_FACTOR_OFF", m.notOn);
  const codes = await issueRecoveryCodes(tx, codeOwner(a));
  return { enabled: true, recovery_codes_left: codes.length, recovery_codes: codes };
}

/** A new secret, pending until a code of the app confirms it. */
export async function setUpResidentTwoFactor(tx: Tx, a: Account, box: SecretBox) {
  const account = await accountOf(tx, a);
  if (account.enabled) throw new HttpError(409, "TWO_FACTOR_ON", m.alreadyOn);
  const secret = newTotpSecret();
  await tx.execute(sql`update resident_accounts set totp_pending_secret = ${sealTotpSecret(box, secret)}
    where organization_id = ${a.organizationId} and id = ${a.id}`);
  const url = totpOf(secret, account.email).toString();
  return { secret, otpauth_url: url, qr_svg: await QRCode.toString(url, { type: "svg", margin: 1 }) };
}

export async function enableResidentTwoFactor(
  tx: Tx,
  a: Account,
  input: { password: string; code: string },
  box: SecretBox,
) {
  const account = await accountOf(tx, a);
  await checkPassword(account.password_hash, input.password);
  if (account.enabled) throw new HttpError(409, "TWO_FACTOR_ON", m.alreadyOn);
  const { rows } = (await tx.execute(sql`select totp_pending_secret as pending from resident_accounts
    where organization_id = ${a.organizationId} and id = ${a.id}`)) as unknown as Rows<{ pending: string | null }>;
  const pending = rows[0]?.pending;
  if (!pending) throw new HttpError(409, "TWO_FACTOR_NOT_STARTED", m.notStarted);
  const step = acceptedStep(openTotpSecret(box, pending), input.code, null);
  if (step === null) throw new HttpError(400, "TWO_FACTOR_INVALID", m.codeInvalid, { code: [m.codeInvalid] });
  await tx.execute(sql`update resident_accounts set totp_secret = totp_pending_secret, totp_pending_secret = null,
      totp_last_step = ${step}, failed_codes = 0, codes_locked_until = null
    where organization_id = ${a.organizationId} and id = ${a.id}`);
  const codes = await issueRecoveryCodes(tx, codeOwner(a));
  return { enabled: true, recovery_codes_left: codes.length, recovery_codes: codes };
}

export async function disableResidentTwoFactor(tx: Tx, a: Account, input: { password: string }) {
  const account = await accountOf(tx, a);
  await checkPassword(account.password_hash, input.password);
  if (!account.enabled) throw new HttpError(409, "TWO_FACTOR_OFF", m.notOn);
  await removeResidentTwoFactor(tx, a);
}

/** Off and forgotten: turning it off, and accepting a new invitation (the manager's way back in). */
export async function removeResidentTwoFactor(tx: Tx, a: Account) {
  await tx.execute(sql`update resident_accounts set totp_secret = null, totp_pending_secret = null,
      totp_last_step = null, failed_codes = 0, codes_locked_until = null
    where organization_id = ${a.organizationId} and id = ${a.id}`);
  await deleteRecoveryCodes(tx, codeOwner(a));
}

export async function hasTwoFactor(tx: Tx, a: Account) {
  return (await accountOf(tx, a)).enabled;
}

/** The password was right and two-factor is on: a challenge for the code, in its own cookie. */
export async function createResidentChallenge(tx: Tx, a: Account) {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + LOGIN_CHALLENGE_MINUTES * 60_000).toISOString();
  await tx.execute(sql`insert into resident_login_challenges (token_hash, organization_id, account_id, expires_at)
    values (${hash}, ${a.organizationId}, ${a.id}, ${expiresAt})`);
  return { token, expiresAt };
}

export type ResidentChallengeResult =
  | { ok: true; account: Account }
  | { ok: false; reason: "expired" | "code" | "recovery" | "locked" };

/**
 * The second step: a code of the resident's app, each time step once, or one of their recovery
 * codes, each once. A wrong code counts against the challenge (LOGIN_CHALLENGE_ATTEMPTS) and the
 * account: after TWO_FACTOR_LOCK_AFTER the account's app codes pause TWO_FACTOR_LOCK_MINUTES
 * (recovery codes still work, as the staff's: guessing one is hopeless). The caller commits the
 * counts before answering.
 */
export async function verifyResidentChallenge(
  tx: Tx,
  token: string | undefined,
  input: TwoFactorCode,
  box: SecretBox,
): Promise<ResidentChallengeResult> {
  if (!token) return { ok: false, reason: "expired" };
  const { rows } = (await tx.execute(sql`update resident_login_challenges set attempts = attempts + 1
    where token_hash = ${hashToken(token)} and expires_at > now() and attempts < ${LOGIN_CHALLENGE_ATTEMPTS}
    returning organization_id, account_id`)) as unknown as Rows<{ organization_id: string; account_id: string }>;
  const found = rows[0];
  if (!found) return { ok: false, reason: "expired" };
  const account = { organizationId: String(found.organization_id), id: String(found.account_id) };
  const { rows: guards } = (await tx.execute(sql`select totp_secret, totp_last_step, failed_codes,
      coalesce(codes_locked_until > now(), false) as locked
    from resident_accounts where organization_id = ${account.organizationId} and id = ${account.id}
      and totp_secret is not null
    for update`)) as unknown as Rows<{
    totp_secret: string;
    totp_last_step: string | number | null;
    failed_codes: number;
    locked: boolean;
  }>;
  const guard = guards[0];
  if (!guard) return { ok: false, reason: "expired" };
  const countFailure = async () => {
    const failed = guard.failed_codes + 1;
    const lock = failed >= TWO_FACTOR_LOCK_AFTER;
    await tx.execute(sql`update resident_accounts set failed_codes = ${lock ? 0 : failed},
        codes_locked_until = ${lock ? sql`now() + make_interval(mins => ${TWO_FACTOR_LOCK_MINUTES})` : sql`codes_locked_until`}
      where organization_id = ${account.organizationId} and id = ${account.id}`);
    return lock;
  };
  if ("recovery_code" in input) {
    if (!(await spendRecoveryCode(tx, codeOwner(account), input.recovery_code))) {
      if (!guard.locked) await countFailure();
      return { ok: false, reason: "recovery" };
    }
    await tx.execute(sql`update resident_accounts set failed_codes = 0,
        codes_locked_until = case when codes_locked_until > now() then now() else codes_locked_until end
      where organization_id = ${account.organizationId} and id = ${account.id}`);
  } else {
    if (guard.locked) return { ok: false, reason: "locked" };
    const last = guard.totp_last_step === null ? null : Number(guard.totp_last_step);
    const step = acceptedStep(openTotpSecret(box, guard.totp_secret), input.code, last);
    if (step === null) return { ok: false, reason: (await countFailure()) ? "locked" : "code" };
    await tx.execute(sql`update resident_accounts set totp_last_step = ${step}, failed_codes = 0
      where organization_id = ${account.organizationId} and id = ${account.id}`);
  }
  await tx.execute(sql`delete from resident_login_challenges where token_hash = ${hashToken(token)}`);
  return { ok: true, account };
}
