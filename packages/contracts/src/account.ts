import { z } from "zod";
import { authMessages, passwordProblems, phoneProblems, required } from "./auth.ts";
import { limitedText, TEXT_LIMITS } from "./text.ts";

/** The signed-in user's own details and security (issue 4, item 8). */

export const updateProfileRequestSchema = z.object({
  first_name: limitedText(TEXT_LIMITS.personName).trim(),
  last_name: limitedText(TEXT_LIMITS.personName).trim(),
  preferred_name: limitedText(TEXT_LIMITS.personName).trim().nullable(),
  phone: limitedText(TEXT_LIMITS.phone),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** The same rules as sign-up (spec section 5). */
export function profileProblems(input: UpdateProfileRequest) {
  const fields: Record<string, string[]> = {};
  const add = (field: string, problems: string[]) => {
    if (problems.length) fields[field] = problems;
  };
  add("first_name", required(input.first_name, authMessages.firstNameRequired));
  add("last_name", required(input.last_name, authMessages.lastNameRequired));
  add("phone", phoneProblems(input.phone));
  return fields;
}

export const changePasswordRequestSchema = z.object({
  current_password: z.string().min(1).max(1024),
  new_password: z.string().max(1024),
});

/** The change-password rules; the confirmation is checked only where it is typed (the browser). */
export function changePasswordProblems(input: {
  current_password: string;
  new_password: string;
  confirm_password?: string;
}) {
  const fields: Record<string, string[]> = {};
  if (input.current_password === "") fields.current_password = [accountMessages.currentPasswordRequired];
  const problems = passwordProblems(input.new_password);
  if (problems.length) fields.new_password = problems;
  if (input.confirm_password !== undefined && input.confirm_password !== input.new_password) {
    fields.confirm_password = [authMessages.confirmMismatch];
  }
  return fields;
}

export const accountSessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.object({ sessions: z.array(accountSessionSchema) });
export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) });

export const accountMessages = {
  wrongCurrentPassword: "The current password is not correct",
  currentPasswordRequired: "Enter your current password",
  passwordChanged: "Your password has been changed. Your other sessions have been logged out.",
  profileSaved: "Your details have been saved.",
  sessionNotFound: "That session has already ended",
} as const;
