import { z } from "zod";
import { authMessages, passwordProblems } from "./auth.ts";
import { TEXT_LIMITS, textMessages } from "./text.ts";

/** Forgot password (issue 3, item 11): single-use links valid one hour; the answer never says whether an account exists. */

export const RESET_TOKEN_TTL_MINUTES = 60;
/** Reset mails one address gets in an hour, whichever addresses ask (an inbox is not flooded). */
export const RESET_MAILS_PER_HOUR = 3;

export const forgotPasswordRequestSchema = z.object({
  email: z.string().trim().min(1).max(TEXT_LIMITS.email, textMessages.tooLong(TEXT_LIMITS.email)),
});
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(1024),
});
export const okResponseSchema = z.object({ ok: z.literal(true) });

export const passwordResetMessages = {
  sent: "If an account exists for that email, we have sent a link to reset its password. It is valid for one hour.",
  invalidToken: "This reset link is invalid or has expired. Please ask for a new one.",
  done: "Your password has been changed. Please log in with your new password.",
  forgotLink: "Forgot your password?",
} as const;

/** The forgot-password form: an email to send the link to. */
export function forgotPasswordProblems(input: { email: string }) {
  const fields: Record<string, string[]> = {};
  if (!input.email.includes("@")) fields.email = [authMessages.loginEmail];
  return fields;
}

/** The reset form: the sign-up password rules, and a confirmation that matches. */
export function resetPasswordProblems(input: { password: string; confirm_password: string }) {
  const fields: Record<string, string[]> = {};
  const problems = passwordProblems(input.password);
  if (problems.length) fields.password = problems;
  if (input.confirm_password !== input.password) fields.confirm_password = [authMessages.confirmMismatch];
  return fields;
}
