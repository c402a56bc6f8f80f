import { z } from "zod";

/** Forgot password (issue 3, item 11): single-use links valid one hour; the answer never says whether an account exists. */

export const RESET_TOKEN_TTL_MINUTES = 60;

export const forgotPasswordRequestSchema = z.object({ email: z.string().trim().min(1).max(320) });
export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(1024),
});
export const okResponseSchema = z.object({ ok: z.literal(true) });

export const passwordResetMessages = {
  sent: "If an account exists for that email, we have sent a link to reset its password. It is valid for one hour.",
  invalidToken: "This reset link is invalid or has expired. Please ask for a new one.",
  done: "Your password has been changed. Please sign in with your new password.",
  forgotLink: "Forgot your password?",
} as const;
