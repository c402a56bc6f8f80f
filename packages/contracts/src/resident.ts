import { z } from "zod";
import { passwordProblems } from "./auth.ts";
import { LEASE_STATUSES } from "./leases.ts";
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_DESCRIPTION_MAX,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TITLE_MAX,
} from "./maintenance.ts";
import { TEXT_LIMITS, textMessages } from "./text.ts";

/**
 * The resident portal (issue 28 item 7, decision 036): a tenant invited from a lease signs in at
 * /resident with their own password and sees their lease, ledger and maintenance requests. Its API
 * is /api/v1/resident/*, answered only to a resident's session (its own cookie).
 */
export const RESIDENT_INVITE_TTL_DAYS = 7;
export const RESIDENT_SESSION_TTL_HOURS = 24 * 14;
export const RESIDENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const residentMessages = {
  tenantNotOnLease: "That tenant is not a party to this lease",
  noEmail: "Add the tenant's email first: the invitation is sent there",
  emailTaken: "This email is already used by another resident portal account",
  invitationNotFound: "This invitation link is not valid. Ask your property manager for a new one.",
  invitationUsed: "This invitation has already been used. Sign in instead.",
  invitationReplaced: "A newer invitation was sent: use the link in the latest email.",
  invitationExpired: "This invitation has expired. Ask your property manager for a new one.",
  passwordsDiffer: "Passwords do not match",
  signInInvalid: "Invalid email or password",
  signInRateLimited: "Too many sign-in attempts. Please wait a few minutes and try again.",
  signedOut: "Please sign in to the resident portal",
  noLease: "You are not on a lease right now",
  leaseNotFound: "Lease not found",
  priorityInvalid: "Choose how urgent it is",
  emergency:
    "For an emergency (fire, gas smell, flooding, no heat in freezing weather), call 911 or your property's emergency line now; do not wait for a reply here.",
  requestSent: "Your request was sent",
  invited: (email: string) => `Invitation sent to ${email}`,
  leaseAdded: (email: string) => `${email} already uses the resident portal: the lease was added and they were told`,
} as const;

export const residentInvitationRequestSchema = z.object({ tenant_id: z.uuid(residentMessages.tenantNotOnLease) });
export const residentInvitationResponseSchema = z.object({
  /**
   * invited: a link to set a password was emailed (valid until expires_at). lease_added: the person
   * already signs in to the portal with this address; the tenant was joined to their account and
   * they were emailed that the lease was added (no link, expires_at null).
   */
  outcome: z.enum(["invited", "lease_added"]),
  email: z.string(),
  expires_at: z.string().nullable(),
});
export type ResidentInvitationResponse = z.infer<typeof residentInvitationResponseSchema>;

export const residentInvitationQuerySchema = z.object({ token: z.string().max(100) });
export const residentInvitationCheckSchema = z.object({
  email: z.string(),
  name: z.string(),
  organization_name: z.string(),
  expires_at: z.string(),
});

export const residentAcceptSchema = z.object({
  token: z.string().max(100),
  password: z.string().max(TEXT_LIMITS.password),
  confirm_password: z.string().max(TEXT_LIMITS.password).optional(),
});
export type ResidentAccept = z.infer<typeof residentAcceptSchema>;

/** The same password rules and messages as staff accounts. */
export function residentAcceptProblems(input: ResidentAccept) {
  const fields: Record<string, string[]> = {};
  const password = passwordProblems(input.password);
  if (password.length) fields.password = password;
  if (input.confirm_password !== undefined && input.confirm_password !== input.password) {
    fields.confirm_password = [residentMessages.passwordsDiffer];
  }
  return fields;
}

export const residentSignInSchema = z.object({
  email: z.string().trim().min(1).max(TEXT_LIMITS.email),
  password: z.string().min(1).max(TEXT_LIMITS.password),
});

export const residentSessionSchema = z.object({
  name: z.string(),
  email: z.string(),
  organization_name: z.string(),
  expires_at: z.string(),
});
export type ResidentSession = z.infer<typeof residentSessionSchema>;

export const residentLeaseSchema = z.object({
  id: z.string(),
  lease_no: z.number().int(),
  status: z.enum(LEASE_STATUSES),
  term: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  property_name: z.string(),
  unit_names: z.string(),
  rent_cents: z.number().int(),
  deposit_cents: z.number().int(),
  due_day: z.number().int(),
  parties: z.array(z.object({ name: z.string(), role: z.string() })),
  /** What is owed now (negative: a credit). */
  balance_cents: z.number().int(),
});
export type ResidentLease = z.infer<typeof residentLeaseSchema>;
export const residentLeaseResponseSchema = z.object({ lease: residentLeaseSchema });

/** A resident may say it is urgent; an emergency is a phone call (the form shows what to do). */
export const RESIDENT_PRIORITIES = ["urgent", "normal", "low"] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, textMessages.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

export const residentRequestFormSchema = z.object({
  category: z.enum(MAINTENANCE_CATEGORIES, { error: "Choose a category" }),
  priority: z.enum(RESIDENT_PRIORITIES, { error: residentMessages.priorityInvalid }),
  title: z
    .string({ error: "Say in a few words what is wrong" })
    .trim()
    .min(1, "Say in a few words what is wrong")
    .max(MAINTENANCE_TITLE_MAX, textMessages.tooLong(MAINTENANCE_TITLE_MAX)),
  description: optionalText(MAINTENANCE_DESCRIPTION_MAX),
  /** Where in the home ("kitchen sink"). */
  location: optionalText(200),
  permission_to_enter: z.boolean().default(false),
  pets_present: z.boolean().default(false),
  entry_notes: optionalText(1000),
  preferred_times: optionalText(500),
});
export type ResidentRequestForm = z.output<typeof residentRequestFormSchema>;
export type ResidentRequestFormInput = z.input<typeof residentRequestFormSchema>;

export const residentRequestSchema = z.object({
  id: z.string(),
  request_no: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(MAINTENANCE_CATEGORIES),
  priority: z.string(),
  status: z.enum(MAINTENANCE_STATUSES),
  due_on: z.string(),
  /** When the work is booked: the local start (`YYYY-MM-DDTHH:mm`, organization's time zone), or null. */
  scheduled_for: z.string().nullable(),
  permission_to_enter: z.boolean(),
  pets_present: z.boolean(),
  entry_notes: z.string().nullable(),
  preferred_times: z.string().nullable(),
  created_date: z.string(),
  last_modified_date: z.string(),
});
export type ResidentRequest = z.infer<typeof residentRequestSchema>;
export const residentRequestListSchema = z.object({ requests: z.array(residentRequestSchema) });
export const residentRequestResponseSchema = z.object({ request: residentRequestSchema });

/**
 * One of the resident's requests as they follow it (decision 036, "Following a request"): labels,
 * the booked time in the organization's time zone, who comes (a first name or the vendor's name),
 * the comments and photos shared with the resident, and the status history as plain lines.
 */
export const residentCommentSchema = z.object({
  id: z.string(),
  body: z.string(),
  author_kind: z.enum(["staff", "resident", "vendor"]),
  /** The author's name as it was written (a staff member's, the vendor's, the resident's). */
  author_name: z.string(),
  /** Written from the lease's side (a resident of the lease). */
  mine: z.boolean(),
  created_at: z.string(),
});
export const residentPhotoSchema = z.object({
  id: z.string(),
  kind: z.enum(["image", "video"]),
  content_type: z.string(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  uploaded_by_name: z.string(),
  mine: z.boolean(),
  created_at: z.string(),
});
export const residentHistoryLineSchema = z.object({ at: z.string(), label: z.string() });
export const residentRequestDetailSchema = residentRequestSchema.extend({
  status_label: z.string(),
  priority_label: z.string(),
  category_label: z.string(),
  /** "Kitchen": what the resident said first in the description ("Where: Kitchen"), or null. */
  location: z.string().nullable(),
  /** Local date-times (`YYYY-MM-DDTHH:mm`) in the organization's time zone, or null. */
  scheduled_start: z.string().nullable(),
  scheduled_end: z.string().nullable(),
  /** A technician's first name, or the vendor's name; never a staff user's full name or contact. */
  assigned_to: z.string().nullable(),
  comments: z.array(residentCommentSchema),
  photos: z.array(residentPhotoSchema),
  history: z.array(residentHistoryLineSchema),
  /** False once the request is completed or canceled: a new problem is a new request. */
  can_reply: z.boolean(),
});
export type ResidentRequestDetail = z.infer<typeof residentRequestDetailSchema>;
export const residentRequestDetailResponseSchema = z.object({ request: residentRequestDetailSchema });
export const residentRequestParamsSchema = z.object({ id: z.uuid("Request not found") });
export const residentPhotoParamsSchema = z.object({
  id: z.uuid("Request not found"),
  fileId: z.uuid("Photo not found"),
});
export const residentReplyMessages = {
  closed: "This request is closed. If the problem is back, report it again.",
  sent: "Message sent",
  photoAdded: "Photo added",
  tooManyUploads: "Too many uploads for now. Please try again in an hour.",
} as const;

/**
 * Two-factor sign-in for residents (decision 036): an authenticator app's codes and recovery codes
 * (their schemas: `resident-account.ts`).
 */
export const residentTwoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  expires_at: z.string(),
});
export const residentSignInAnswerSchema = z.union([residentSessionSchema, residentTwoFactorChallengeSchema]);
export const residentTwoFactorMessages = {
  expired: "The sign-in took too long. Enter your email and password again.",
  codeInvalid: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
  locked:
    "Too many wrong codes. Try again in 15 minutes, sign in with a recovery code, or ask your property manager for a new invitation.",
  passwordInvalid: "Your password is not right",
  notStarted: "Start setting up two-factor sign-in first",
  alreadyOn: "Two-factor sign-in is already on",
  notOn: "Two-factor sign-in is not on",
} as const;
