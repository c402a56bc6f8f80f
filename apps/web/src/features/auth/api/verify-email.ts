import { resendVerificationResponseSchema, verifyEmailResponseSchema } from "@keyholder/contracts/email-verification";
import { api } from "../../../lib/api-client.ts";

/** The mailed link's token confirms the address (issue item 19). */
export const verifyEmail = (token: string) =>
  api("/auth/verify-email", { method: "POST", body: { token }, schema: verifyEmailResponseSchema });

/** A new link to the signed-in user's address; older ones stop working. */
export const resendVerification = () =>
  api("/account/verify-email/resend", { method: "POST", schema: resendVerificationResponseSchema });
