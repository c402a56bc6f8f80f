import { z } from "zod";
import { sessionSchema } from "./auth.ts";
import { TEXT_LIMITS } from "./text.ts";

/** Two-factor sign-in with an authenticator app (issue 13, item 7; decision 020). */
export const TWO_FACTOR_ISSUER = "Keyholder";
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step may wait after the password, and how many codes it may try. */
export const LOGIN_CHALLENGE_MINUTES = 5;
export const LOGIN_CHALLENGE_ATTEMPTS = 5;
/**
 * Wrong codes an account takes, across sign-ins and addresses, before its code step pauses for
 * TWO_FACTOR_LOCK_MINUTES (doubled for each further pause within a day, at most a day).
 */
export const TWO_FACTOR_LOCK_AFTER = 5;
export const TWO_FACTOR_LOCK_MINUTES = 15;
export const TWO_FACTOR_LOCK_MAX_MINUTES = 24 * 60;

export const twoFactorMessages = {
  codeInvalid: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
  recoveryInvalid: "That recovery code is not right, or it was used already",
  challengeExpired: "Too long or too many tries since your password. Log in again.",
  passwordInvalid: "Your password is not right",
  notStarted: "Start setting up two-factor sign-in first",
  alreadyOn: "Two-factor sign-in is already on",
  notOn: "Two-factor sign-in is not on",
  codeFormat: "Enter the 6 digits your authenticator app shows",
  setupRequired: "Your organization asks administrators to sign in with two-factor. Set it up to continue.",
  requiredForAdmins: "Administrators must use two-factor sign-in",
  locked:
    "Too many wrong codes were entered for this account, so codes from the authenticator app are paused for a while. Sign in with a recovery code, or try again later.",
} as const;

/** The login's answer when the password is right and a code is needed next (no session yet). */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  expires_at: z.string(),
});

/** What a password sign-in answers: the session, or the call for the second step. */
export const loginAnswerSchema = z.union([sessionSchema, twoFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const twoFactorCodeSchema = z.union([
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, twoFactorMessages.codeFormat),
  }),
  z.object({ recovery_code: z.string().trim().min(1).max(64) }),
]);
export type TwoFactorCode = z.infer<typeof twoFactorCodeSchema>;

/** POST /account/two-factor/setup: a new secret to scan (QR code) or type, not on until confirmed. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});

export const enableTwoFactorSchema = z.object({
  password: z.string().min(1).max(TEXT_LIMITS.password),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, twoFactorMessages.codeFormat),
});

/** Shown once: the user keeps them somewhere safe. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const disableTwoFactorSchema = z.object({ password: z.string().min(1).max(TEXT_LIMITS.password) });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  required: z.boolean(),
});

export const organizationSecuritySchema = z.object({ require_two_factor_admins: z.boolean() });
