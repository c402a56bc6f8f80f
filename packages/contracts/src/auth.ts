import { z } from "zod";
import { PERMISSIONS, type Permission } from "./permissions.ts";
import { limitedText, TEXT_LIMITS, textMessages } from "./text.ts";

/** Sign-up, login and session: the one definition of their rules and messages (spec sections 3, 5, 8). */

export const PASSWORD_MIN_LENGTH = 12;
export const LOGIN_PASSWORD_MIN_LENGTH = 3;
export const PHONE_DIGITS = 10;
/** The fixed set of characters that count as "special" in a password. */
export const PASSWORD_SPECIAL_CHARACTERS = "!@#$%^&*()_+-=[]{};':\"\\|,.<>/?`~";
export const AVAILABILITY_DEBOUNCE_MS = 500;
export const SESSION_TTL_HOURS = 24;
export const SUBSCRIPTION_DEFAULT_DAYS = 365;
export const GRACE_PERIOD_DEFAULT_HOURS = 720;

export const authMessages = {
  emailAt: "Email must have an '@'",
  emailDot: "Email must have a '.'",
  emailExists: "An account with this email already exists",
  emailChecking: "Checking email availability...",
  passwordLength: "Must be 12 or more characters long",
  passwordNumber: "Must have 1 or more numbers",
  passwordSpecial: "Must contain 1 or more special characters",
  passwordUppercase: "Must have 1 or more uppercase letters",
  confirmMismatch: "Confirmed password must match password",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  phoneDigits: "Must have at least 10 digits",
  companyRequired: "Company name is required",
  companyExists: "An organization with this name already exists",
  companyChecking: "Checking organization name availability...",
  unitsRequired: "Number of units is required",
  unitsDigits: "Number of units must be digits only",
  propertyTypeRequired: "Select at least one property type",
  propertyTypeUnknown: "Unknown property type",
  softwareRequired: "Current software is required",
  termsRequired: "You must accept the terms and conditions",
  createAccountFailed: "Account creation failed",
  loginEmail: "Please enter a valid email",
  loginPasswordLength: "Password must be at least 3 characters",
  loginInvalid: "User or password invalid",
  accountLocked: "Account is locked or disabled",
  accountWaitlisted: "Your organization is on the waitlist",
  organizationRejected: "Your organization's application was not approved. Contact support for details.",
  loginRateLimited: "Too many attempts to log in. Please wait a few minutes and try again.",
  noMatchingItems: "No matching items found",
} as const;

const trimmed = (max: number) => limitedText(max).transform((s) => s.trim());

/** Sign-up email: must contain an '@' and a '.' (both rules reported). */
export function emailProblems(email: string): string[] {
  const problems: string[] = [];
  if (!email.includes("@")) problems.push(authMessages.emailAt);
  if (!email.includes(".")) problems.push(authMessages.emailDot);
  return problems;
}

export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(authMessages.passwordLength);
  if (!/[0-9]/.test(password)) problems.push(authMessages.passwordNumber);
  if (![...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c))) problems.push(authMessages.passwordSpecial);
  if (!/[A-Z]/.test(password)) problems.push(authMessages.passwordUppercase);
  return problems;
}

export const digitsOnly = (value: string) => value.replace(/\D/g, "");

/** (123) 456-7890 as the user types, never more than ten digits. */
export function formatPhone(value: string): string {
  const d = digitsOnly(value).slice(0, PHONE_DIGITS);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

export function phoneProblems(phone: string): string[] {
  return digitsOnly(phone).length < PHONE_DIGITS ? [authMessages.phoneDigits] : [];
}

/** Number of units input: digits only, leading zeros stripped ("007" -> "7", "0" stays "0"). */
export function normalizeUnits(value: string): string {
  const d = digitsOnly(value);
  return d.replace(/^0+(?=\d)/, "");
}

/** Parsed number of units as the payload carries it: 0 when unparsable. */
export function parseUnits(value: string): number {
  const n = Number.parseInt(normalizeUnits(value), 10);
  return Number.isFinite(n) ? n : 0;
}

export const required = (value: string, message: string) => (value.trim() === "" ? [message] : []);

/** The sign-up payload of spec section 3, as the browser sends it. */
export const createAccountRequestSchema = z.object({
  email: trimmed(TEXT_LIMITS.email),
  password: limitedText(TEXT_LIMITS.password),
  first_name: trimmed(TEXT_LIMITS.personName),
  last_name: trimmed(TEXT_LIMITS.personName),
  phone: limitedText(TEXT_LIMITS.phone),
  receive_marketing: z.boolean().default(false),
  accepted_terms: z.boolean(),
  accepted_terms_date: limitedText(40).default(""),
  company_name: trimmed(TEXT_LIMITS.organizationName),
  num_of_units: z.number().int().min(0).max(100_000_000),
  /** Property type names joined by commas. */
  property_types: limitedText(TEXT_LIMITS.longText),
  current_software: trimmed(TEXT_LIMITS.shortText),
});
export type CreateAccountRequest = z.infer<typeof createAccountRequestSchema>;

export const splitPropertyTypes = (joined: string) =>
  joined
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Every sign-up rule of spec section 5 that the payload alone decides, keyed by payload field.
 * Availability (email, organization name) and known property types need the database; the server adds them.
 */
export function createAccountProblems(input: CreateAccountRequest & { confirm_password?: string }) {
  const fields: Record<string, string[]> = {};
  const add = (field: string, problems: string[]) => {
    if (problems.length) fields[field] = problems;
  };
  add("email", emailProblems(input.email));
  add("password", passwordProblems(input.password));
  if (input.confirm_password !== undefined && input.confirm_password !== input.password) {
    add("confirm_password", [authMessages.confirmMismatch]);
  }
  add("first_name", required(input.first_name, authMessages.firstNameRequired));
  add("last_name", required(input.last_name, authMessages.lastNameRequired));
  add("phone", phoneProblems(input.phone));
  add("company_name", required(input.company_name, authMessages.companyRequired));
  add("property_types", splitPropertyTypes(input.property_types).length ? [] : [authMessages.propertyTypeRequired]);
  add("current_software", required(input.current_software, authMessages.softwareRequired));
  add("accepted_terms", input.accepted_terms ? [] : [authMessages.termsRequired]);
  return fields;
}

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(TEXT_LIMITS.email, textMessages.tooLong(TEXT_LIMITS.email)),
  password: z.string().min(1).max(TEXT_LIMITS.password, textMessages.tooLong(TEXT_LIMITS.password)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export function loginProblems(input: { username: string; password: string }) {
  const fields: Record<string, string[]> = {};
  if (!input.username.includes("@")) fields.username = [authMessages.loginEmail];
  if (input.password.length < LOGIN_PASSWORD_MIN_LENGTH) fields.password = [authMessages.loginPasswordLength];
  return fields;
}

const isoDate = z.string();

export const sessionRoleSchema = z.object({ id: z.number(), role_name: z.string(), display_name: z.string() });

export const sessionPersonSchema = z.object({
  id: z.number().optional(),
  first_name: z.string(),
  last_name: z.string(),
  preferred_name: z.string().nullish(),
  email: z.string().optional(),
  phone: z.string().nullish(),
});

export const sessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  two_factor_enabled: z.boolean(),
  email_verified: z.boolean(),
  banned: z.boolean(),
  waitlisted: z.boolean(),
  enabled: z.boolean(),
  locked: z.boolean(),
  last_login: isoDate.nullable(),
  is_operator: z.boolean().default(false),
  /** Whether the user has a profile picture, so the browser asks for one only when it exists. */
  has_profile_picture: z.boolean().default(false),
  /** An administrator whose organization requires two-factor sign-in, who has not turned it on yet. */
  two_factor_setup_required: z.boolean().default(false),
  /** Joined as staff and waiting for an administrator's approval: the workspace says so and shows nothing else. */
  awaiting_approval: z.boolean().default(false),
  role: sessionRoleSchema,
  /** What the role may do (contracts/permissions): the workspace offers only those actions. */
  permissions: z.array(z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]])).default([]),
  person: sessionPersonSchema.nullish(),
});

export const sessionOrganizationSchema = z.object({
  name: z.string(),
  number: z.number(),
  subscription_status: z.string(),
  subscription_expires_at: isoDate.nullish(),
  payment_needed: z.boolean(),
  grace_period_start: isoDate.nullable(),
  grace_period_end: isoDate.nullable(),
  /** Whether the organization has a logo, so the browser asks for one only when it exists. */
  has_logo: z.boolean().default(false),
});

/** The session object of spec section 3: the login answer, also kept in the browser and re-checked on read. */
export const sessionSchema = z.object({
  two_factor_required: z.boolean(),
  expires_at: isoDate,
  user: sessionUserSchema,
  organization: sessionOrganizationSchema,
  /**
   * An administrator viewing the workspace as `user` ("View as", issue 13): read-only, and the
   * workspace says so.
   */
  preview: z.object({ viewer_id: z.number(), viewer_name: z.string() }).nullable().default(null),
});
export type Session = z.infer<typeof sessionSchema>;
export type SessionPerson = z.infer<typeof sessionPersonSchema>;
export type SessionOrganization = z.infer<typeof sessionOrganizationSchema>;

export const createAccountResponseSchema = z.union([
  z.object({ waitlisted: z.literal(true) }),
  sessionSchema.extend({ waitlisted: z.literal(false) }),
]);
export type CreateAccountResponse = z.infer<typeof createAccountResponseSchema>;

export const existsResponseSchema = z.object({ exists: z.boolean() });
export const existsQuerySchema = z.object({
  username: z.string().trim().min(1).max(TEXT_LIMITS.email, textMessages.tooLong(TEXT_LIMITS.email)),
});
export const checkOrganizationNameQuerySchema = z.object({
  name: z.string().trim().min(1).max(TEXT_LIMITS.organizationName, textMessages.tooLong(TEXT_LIMITS.organizationName)),
});

/** 403 body when the account's organization waits for review: the browser goes to /waitlist silently. */
export const waitlistedErrorSchema = z.object({
  error: z.object({ code: z.literal("WAITLISTED"), message: z.string() }),
  waitlisted: z.literal(true),
});
