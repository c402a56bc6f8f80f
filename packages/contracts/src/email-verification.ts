import { z } from "zod";

/** Confirming a new account's email address by a mailed link (issue item 19; decision 024). */
export const EMAIL_VERIFICATION_TTL_HOURS = 48;
/** New links one account may ask for in an hour. */
export const VERIFICATION_RESENDS_PER_HOUR = 3;

export const verifyEmailRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const verifyEmailResponseSchema = z.object({ ok: z.literal(true), username: z.string() });
export const resendVerificationResponseSchema = z.object({ ok: z.literal(true), sent_to: z.string() });

export const emailVerificationMessages = {
  reminder: (email: string) => `Please confirm your email address: open the link we sent to ${email}.`,
  resend: "Send a new link",
  sent: (email: string) => `A new link is on its way to ${email}.`,
  verified: "Thank you: your email address is confirmed.",
  invalidToken: "This confirmation link is invalid, expired or already used. Sign in and ask for a new one.",
  alreadyVerified: "Your email address is already confirmed",
  tooManyResends: "You asked for several links already. Please wait an hour, and check your spam folder.",
} as const;
