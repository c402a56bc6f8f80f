import { twoFactorMessages } from "@keyholder/contracts/two-factor";
import { sql } from "drizzle-orm";
import QRCode from "qrcode";
import type { Tx } from "../../db/client.ts";
import { type Actor, writeAudit } from "../../lib/audit.ts";
import { HttpError } from "../../lib/http-error.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { twoFactorSetupRequired } from "../../lib/sessions.ts";
import { issueRecoveryCodes } from "./recovery-codes.ts";
import { openTotpSecret, sealTotpSecret } from "./stored-secret.ts";
import { acceptedStep, newTotpSecret, totpOf } from "./totp.ts";

type Rows<T> = { rows: T[] };

async function accountOf(tx: Tx, actor: Actor) {
  const { rows } = (await tx.execute(sql`
    select u.username, u.password_hash, u.two_factor_enabled, r.name as role, o.require_two_factor_admins,
      (select count(*)::int from recovery_codes c where c.user_id = u.id and c.used_at is null) as codes_left
    from users u join roles r on r.id = u.role_id join organizations o on o.id = u.organization_id
    where u.id = ${actor.userId} for update of u`)) as unknown as Rows<{
    username: string;
    password_hash: string;
    two_factor_enabled: boolean;
    role: string;
    require_two_factor_admins: boolean;
    codes_left: number;
  }>;
  const row = rows[0];
  if (!row) throw new Error("signed-in user vanished");
  return row;
}

async function checkPassword(hash: string, password: string) {
  if (!(await verifyPassword(hash, password))) {
    throw new HttpError(400, "PASSWORD_INVALID", twoFactorMessages.passwordInvalid, {
      password: [twoFactorMessages.passwordInvalid],
    });
  }
}

/** Whether two-factor sign-in is on, the recovery codes left, and whether the organization requires it of this user. */
export async function twoFactorStatus(tx: Tx, actor: Actor) {
  const a = await accountOf(tx, actor);
  const required = a.require_two_factor_admins && (a.role === "ADMIN" || a.role === "OPERATOR");
  return { enabled: a.two_factor_enabled, recovery_codes_left: Number(a.codes_left), required };
}

/** Starts enrolment: a new secret, pending until a code from the app confirms it; kept sealed. */
export async function setUpTwoFactor(tx: Tx, actor: Actor, box: SecretBox) {
  const a = await accountOf(tx, actor);
  if (a.two_factor_enabled) throw new HttpError(409, "TWO_FACTOR_ON", twoFactorMessages.alreadyOn);
  const secret = newTotpSecret();
  await tx.execute(sql`insert into user_two_factor (organization_id, user_id, pending_secret)
    values (${actor.orgId}, ${actor.userId}, ${sealTotpSecret(box, secret)})
    on conflict (organization_id, user_id) do update set pending_secret = excluded.pending_secret`);
  const url = totpOf(secret, a.username).toString();
  return { secret, otpauth_url: url, qr_svg: await QRCode.toString(url, { type: "svg", margin: 1 }) };
}

/** Confirms enrolment with the password and a code of the app; answers the ten recovery codes, once. */
export async function enableTwoFactor(tx: Tx, actor: Actor, input: { password: string; code: string }, box: SecretBox) {
  const a = await accountOf(tx, actor);
  await checkPassword(a.password_hash, input.password);
  if (a.two_factor_enabled) throw new HttpError(409, "TWO_FACTOR_ON", twoFactorMessages.alreadyOn);
  const { rows } = (await tx.execute(sql`select pending_secret from user_two_factor
    where user_id = ${actor.userId} and pending_secret is not null`)) as unknown as Rows<{ pending_secret: string }>;
  const pending = rows[0]?.pending_secret;
  if (!pending) throw new HttpError(409, "TWO_FACTOR_NOT_STARTED", twoFactorMessages.notStarted);
  const step = acceptedStep(openTotpSecret(box, pending), input.code, null);
  if (step === null) {
    throw new HttpError(400, "TWO_FACTOR_INVALID", twoFactorMessages.codeInvalid, {
      code: [twoFactorMessages.codeInvalid],
    });
  }
  await tx.execute(sql`update user_two_factor set secret = pending_secret, pending_secret = null,
    last_used_step = ${step}, enabled_at = now() where user_id = ${actor.userId}`);
  await tx.execute(sql`update users set two_factor_enabled = true, last_modified_by = ${actor.userId},
    last_modified_date = now() where id = ${actor.userId}`);
  const codes = await issueRecoveryCodes(tx, { organizationId: actor.orgId, id: actor.userId });
  await writeAudit(tx, actor, "user", [
    {
      action: "update",
      entityId: actor.userId,
      before: { two_factor_enabled: false },
      after: { two_factor_enabled: true },
    },
  ]);
  return { recovery_codes: codes };
}

/** Turns two-factor sign-in off with the password, unless the organization requires it of this user. */
export async function disableTwoFactor(tx: Tx, actor: Actor, input: { password: string }) {
  const a = await accountOf(tx, actor);
  await checkPassword(a.password_hash, input.password);
  if (!a.two_factor_enabled) throw new HttpError(409, "TWO_FACTOR_OFF", twoFactorMessages.notOn);
  if (twoFactorSetupRequired(a.require_two_factor_admins, a.role, false)) {
    throw new HttpError(409, "TWO_FACTOR_REQUIRED", twoFactorMessages.requiredForAdmins);
  }
  await removeTwoFactor(tx, actor.userId);
  await writeAudit(tx, actor, "user", [
    {
      action: "update",
      entityId: actor.userId,
      before: { two_factor_enabled: true },
      after: { two_factor_enabled: false },
    },
  ]);
}

/** Forgets a user's authenticator secret and recovery codes and turns two-factor sign-in off. */
export async function removeTwoFactor(tx: Tx, userId: number) {
  await tx.execute(sql`delete from user_two_factor where user_id = ${userId}`);
  await tx.execute(sql`delete from recovery_codes where user_id = ${userId}`);
  await tx.execute(sql`update users set two_factor_enabled = false, last_modified_date = now() where id = ${userId}`);
}
