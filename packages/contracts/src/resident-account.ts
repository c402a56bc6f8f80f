import { z } from "zod";
import { forgotPasswordRequestSchema } from "./password-reset.ts";
import { TEXT_LIMITS } from "./text.ts";
import { twoFactorCodeSchema } from "./two-factor.ts";

/**
 * A resident account beyond sign-in (decision 036, "Getting back in", "Several leases"): a reset link mailed to their
 * address (the staff's links, rules and messages, `passwordResetMessages`), and recovery codes for
 * their two-factor sign-in (the staff's codes).
 */

/** POST /resident/password-resets: always the same answer, whatever the address. */
export const residentForgotPasswordSchema = forgotPasswordRequestSchema;
/** POST /resident/password-resets/{token}: the new password (the staff rules). */
export const residentResetPasswordSchema = z.object({ password: z.string().max(TEXT_LIMITS.password) });
export const residentResetParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** The second step of a resident's sign-in: a code of the app, or one of their recovery codes. */
export const residentSignInCodeSchema = twoFactorCodeSchema;

export const residentTwoFactorStateSchema = z.object({
  enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
});
/** Answered once, when two-factor is turned on or the codes are made anew: the resident keeps them. */
export const residentRecoveryCodesSchema = residentTwoFactorStateSchema.extend({
  recovery_codes: z.array(z.string()),
});
export const residentNewRecoveryCodesSchema = z.object({ password: z.string().min(1).max(TEXT_LIMITS.password) });

export const residentRecoveryMessages = {
  recoveryInvalid: "That recovery code is not right, or it was used already",
  forgotLink: "Forgot your password?",
} as const;

/** The portal's lease switcher: the resident's leases, the current one first. */
export const residentLeaseChoiceSchema = z.object({
  id: z.string(),
  lease_no: z.number().int(),
  status: z.string(),
  property_name: z.string(),
  unit_names: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
});
export type ResidentLeaseChoice = z.infer<typeof residentLeaseChoiceSchema>;
export const residentLeaseListSchema = z.object({ leases: z.array(residentLeaseChoiceSchema) });
