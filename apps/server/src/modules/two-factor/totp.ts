import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TWO_FACTOR_ISSUER } from "@keyholder/contracts/two-factor";
import { Secret, TOTP } from "otpauth";

/** A new authenticator secret: 160 random bits (RFC 4226's recommendation), base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpOf = (secret: string, account: string) =>
  new TOTP({
    issuer: TWO_FACTOR_ISSUER,
    label: account,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    algorithm: "SHA1",
  });

/**
 * The time step a code belongs to when it is right now (one step of clock drift either way), or
 * null. A code of a step at or before `lastUsedStep` was used already and is refused (RFC 6238 5.2).
 */
export function acceptedStep(secret: string, code: string, lastUsedStep: number | null, now = Date.now()) {
  const delta = totpOf(secret, "").validate({ token: code, window: 1, timestamp: now });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
