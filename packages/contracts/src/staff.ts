import { z } from "zod";
import { authMessages, emailProblems, passwordProblems, phoneProblems, required } from "./auth.ts";
import { declareColumns, fieldLabelsOf, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { TEXT_LIMITS } from "./text.ts";

/** Spec records 9: the staff list pages by 200. */
export const STAFF_PAGE_SIZE = 200;
/** How long an invitation link stays valid (issue 13). */
export const INVITE_TTL_DAYS = 7;

/** The invitation's standing as the grid shows it (spec records 3.7; 'Expired' for a lapsed link). */
export const INVITE_STATUSES = {
  pendingAcceptance: "Pending Acceptance",
  pendingApproval: "Pending Approval",
  active: "Active",
  expired: "Expired",
} as const;

/**
 * What the Status column says: what the staff member waits for, if anything, so a row never reads
 * "Active" while its invitation is unanswered or its approval pending.
 */
export const STAFF_STATUSES = {
  invitationSent: "Invitation Sent",
  invitationExpired: "Invitation Expired",
  awaitingApproval: "Awaiting Approval",
  active: "Active",
  inactive: "Inactive",
} as const;

const PERSON = "Staff Information";
const INVITATION = "Invitation";
const ACCOUNT = "Account";

/**
 * The staff grid (spec records 2.7, 3.7), declared once. Sort keys name the tables as the spec's
 * other grids do: "s." the staff record, "u." its user, "r." the user's role.
 */
export const STAFF_COLUMNS = declareColumns({
  name: { label: "Name", type: "text", sortKey: "s.name", category: PERSON, field: "name" },
  email: { label: "Email", type: "text", sortKey: "s.email", category: PERSON, field: "email" },
  job_title: { label: "Job Title", type: "text", sortKey: "s.job_title", category: PERSON, field: "job_title" },
  department: { label: "Department", type: "text", sortKey: "s.department", category: PERSON, field: "department" },
  phone: { label: "Phone", type: "text", sortKey: "s.phone", category: PERSON, field: "phone" },
  status: { label: "Status", type: "text", sortKey: "status", category: PERSON },
  invite_status: { label: "Invite Status", type: "text", sortKey: "invite_status", category: INVITATION },
  approved: { label: "Approved", type: "text", sortKey: "s.approved_invite", category: INVITATION },
  is_public_contact: {
    label: "Public Contact",
    type: "text",
    sortKey: "s.is_public_contact",
    category: PERSON,
    field: "is_public_contact",
  },
  display_order: {
    label: "Display Order",
    type: "number",
    sortKey: "s.display_order",
    category: PERSON,
    field: "display_order",
  },
  bio: { label: "Bio", type: "text", category: PERSON, defaultVisible: false, field: "bio" },
  user_name: { label: "Username", type: "text", sortKey: "u.username", category: ACCOUNT },
  role_name: { label: "Role", type: "text", sortKey: "r.display_name", category: ACCOUNT },
  invite_expires_at: {
    label: "Invite Expires",
    type: "date",
    sortKey: "s.invite_expires_at",
    category: INVITATION,
  },
  new_link_requested_at: {
    label: "New Link Requested",
    type: "date",
    sortKey: "s.new_link_requested_at",
    category: INVITATION,
    defaultVisible: false,
  },
  created_date: { label: "Created Date", type: "date", sortKey: "s.created_date", defaultVisible: false },
  last_modified_date: { label: "Last Modified", type: "date", sortKey: "s.last_modified_date", defaultVisible: false },
});
export const STAFF_SORT_KEYS = sortKeysOf(STAFF_COLUMNS);
export const STAFF_FILTER_TYPES = filterTypesOf(STAFF_COLUMNS);

export const staffListQuerySchema = listQuerySchema({
  columns: STAFF_COLUMNS,
  defaultSort: "s.name",
  maxLimit: STAFF_PAGE_SIZE,
});

export const STAFF_NAME_MAX = TEXT_LIMITS.personName * 2;
export const STAFF_BIO_MAX = TEXT_LIMITS.longText;
export const STAFF_DISPLAY_ORDER_MAX = 9999;

export const staffMessages = {
  emailRequired: "Email address is required",
  emailExists: "A staff member with this email already exists in your organization",
  invalidInformation: "Invalid staff information provided",
  serverError: "Server error - please try again later",
  createFailed: "Staff creation failed",
  genericError: "An error occurred",
  validationFailed: (summary: string) => `Validation failed: ${summary}`,
  invalidId: "Invalid staff ID provided",
  invalidUuid: (id: string) => `Invalid UUID format: ${id}`,
  invalidRowId: "Invalid staff ID. Please refresh the page and try again.",
  resendFailed: (status: string) => `Failed to resend invitation: ${status}`,
  approveFailed: (status: string) => `Failed to approve staff: ${status}`,
  tableFailed: "Error loading staff table",
  loadFailed: "Failed to load staff. Please try again later.",
  notFound: "Staff member not found",
  alreadyAccepted: "This staff member has already accepted the invitation",
  notAccepted: "This staff member has not accepted the invitation yet",
  alreadyApproved: "This staff member is already approved",
  displayOrder: `Display order must be a whole number from 0 to ${STAFF_DISPLAY_ORDER_MAX}`,
  tooLong: (max: number) => `Use at most ${max} characters`,
  selectToEdit: "Please select a staff member to edit",
  selectOneToEdit: "Please select only one staff member to edit",
  selectOneForHistory: "Please select a single staff member to view history",
  selectToDelete: "Please select the staff members to delete",
  selectOneToResend: "Please select a single staff member to resend the invitation to",
  selectOneToApprove: "Please select a single staff member to approve",
  saveFailed: "Failed to save staff member",
  deleteFailed: "Failed to delete staff member",
  emptyTitle: "No Staff Found",
  emptyText: "Invite your first staff member: they get an email with a link to join your organization.",
  emptyNoMatch: "No staff members match the filters.",
  add: "Add Staff",
  create: "Create Staff Member",
  creating: "Creating...",
  publicContact: "Make this staff member a public contact",
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  approved: (name: string) => `${name} can now use Keyholder`,
  approve: "Approve",
  approving: "Approving...",
  awaitingApproval: (name: string) => `${name} accepted the invitation and is waiting for your approval`,
  awaitingApprovalHelp: "They cannot use Keyholder until an administrator approves them.",
  pendingApprovals: "Pending approvals",
  pendingApprovalsLabel: (count: number) =>
    `Pending approvals: ${count} staff ${count === 1 ? "member waits" : "members wait"}`,
  noPendingApprovals: "No one is waiting for approval.",
} as const;

/** Spec records 5: a staff id must be a UUID, and not the texts a missing id turns into. */
export function staffIdProblem(id: unknown): string | undefined {
  if (id === undefined || id === null || id === "" || id === "0" || id === "null" || id === "undefined") {
    return staffMessages.invalidId;
  }
  const text = String(id);
  return z.uuid().safeParse(text).success ? undefined : staffMessages.invalidUuid(text);
}

export const staffIdParamsSchema = z.object({ id: z.uuid(staffMessages.invalidId) });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, staffMessages.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** Spec records 5: the Add/Edit Staff form, checked the same way in the dialog and on the server. */
export const staffFormSchema = z.object({
  email: z
    .string({ error: staffMessages.emailRequired })
    .trim()
    .min(1, staffMessages.emailRequired)
    .max(TEXT_LIMITS.email, staffMessages.tooLong(TEXT_LIMITS.email))
    .superRefine((v, ctx) => {
      for (const message of emailProblems(v)) ctx.addIssue({ code: "custom", message });
    })
    .transform((v) => v.toLowerCase()),
  name: optionalText(STAFF_NAME_MAX),
  job_title: optionalText(TEXT_LIMITS.shortText),
  phone: optionalText(TEXT_LIMITS.phone).refine((v) => v === null || phoneProblems(v).length === 0, {
    message: authMessages.phoneDigits,
  }),
  department: optionalText(TEXT_LIMITS.shortText),
  bio: optionalText(STAFF_BIO_MAX),
  is_public_contact: z.boolean(),
  display_order: z
    .number({ error: staffMessages.displayOrder })
    .int(staffMessages.displayOrder)
    .min(0, staffMessages.displayOrder)
    .max(STAFF_DISPLAY_ORDER_MAX, staffMessages.displayOrder)
    .default(1),
});
export type StaffForm = z.infer<typeof staffFormSchema>;
export type StaffFormInput = z.input<typeof staffFormSchema>;

/** A staff member as create and update answer it: the form's fields and the invitation's standing. */
export const staffRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  job_title: z.string().nullable(),
  phone: z.string().nullable(),
  department: z.string().nullable(),
  bio: z.string().nullable(),
  is_public_contact: z.boolean(),
  display_order: z.number().int(),
  is_active: z.boolean(),
  user_id: z.number().int().nullable(),
  accepted_invite: z.boolean(),
  approved_invite: z.boolean(),
  approved_by: z.number().int().nullable(),
  invite_expires_at: z.string().nullable(),
  new_link_requested_at: z.string().nullable(),
});
export type StaffRecord = z.infer<typeof staffRecordSchema>;

/** Spec records 3.7: a row of the staff list, with its account's username, names and role. */
export const staffRowSchema = staffRecordSchema.extend({
  status: z.enum(Object.values(STAFF_STATUSES) as [string, ...string[]]),
  invite_status: z.enum(Object.values(INVITE_STATUSES) as [string, ...string[]]),
  user_name: z.string().nullable(),
  person_first_name: z.string().nullable(),
  person_last_name: z.string().nullable(),
  role_name: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_date: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

export const staffListSchema = z.object({
  staff: z.array(staffRowSchema),
  count: z.number().int(),
  total_count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});

/** Labels of the audited fields, as the History dialog shows them. */
export const STAFF_FIELD_LABELS = {
  ...fieldLabelsOf(STAFF_COLUMNS),
  accepted_invite: "Accepted Invitation",
  approved_invite: "Approved",
  user_id: "Account",
} as Record<string, string>;

/** Name shown for a staff member (spec records 3.7): the name, else the person's names, else 'N/A'. */
export function staffDisplayName(s: {
  name: string | null;
  person_first_name: string | null;
  person_last_name: string | null;
}) {
  const person = [s.person_first_name, s.person_last_name].filter(Boolean).join(" ");
  return s.name || person || "N/A";
}

// --- The invitation, as the person invited meets it (spec accounts 2, 7, 8) ---

/** The token of an invitation link: 256 random bits, base64url. */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const inviteMessages = {
  missingTitle: "Missing Invitation",
  missingText: "This page needs the invitation link from your email. Open the link in the email you received.",
  validating: "Checking your invitation...",
  formatTitle: "Invalid Invitation Format",
  notFoundTitle: "Invitation Not Found",
  serverTitle: "Server Error",
  expiredTitle: "Expired Invitation",
  invalidTitle: "Invalid Invitation",
  tryAgain: "Try Again",
  signIn: "Sign In to Existing Account",
  createAccount: "Create New Account",
  passwordsDiffer: "Passwords do not match",
  invalidCredentials: "Invalid email or password",
  accountLocked: "Account is locked or disabled",
  serverError: "Server error - please try again later",
  loginFailed: "Login failed",
  accountExists: "An account with this email already exists",
  invalidAccount: "Invalid account information provided",
  accountFailed: "Account creation failed",
  invalidFormat: "Invalid invitation format",
  invalidOrExpired: "Invalid or expired invitation",
  notFound: "Invitation not found",
  expiredText: "This invitation link has expired. Ask for a new one: your administrator sees the request.",
  usedText: "This invitation has already been accepted. Sign in to Keyholder instead.",
  replacedText: "A newer invitation replaced this link. Open the link in the most recent email.",
  requestNewLink: "Send me a new link",
  newLinkRequested: "Your administrator has been told. You will get an email with a new link.",
  otherAccount: (email: string) =>
    `This invitation is for ${email}. Sign in with that account, or sign out and open the link again.`,
  otherOrganization: "This account belongs to another organization. Create a new account for this invitation instead.",
  awaitingTitle: "Waiting for approval",
  awaitingText: (organization: string) =>
    `Your account is ready. The administrators of ${organization} have been asked to approve it; you can start once one of them has. Check again, or sign in again later.`,
  awaitingApi: "Your account is waiting for an administrator's approval",
} as const;

/** Error codes the onboarding screen tells apart (spec accounts 8: which screen a failure shows). */
export const INVITE_ERROR_CODES = {
  format: "INVITE_INVALID_FORMAT",
  notFound: "INVITE_NOT_FOUND",
  expired: "INVITE_EXPIRED",
  used: "INVITE_USED",
  replaced: "INVITE_REPLACED",
  otherAccount: "INVITE_OTHER_ACCOUNT",
  otherOrganization: "INVITE_OTHER_ORGANIZATION",
  awaitingApproval: "AWAITING_APPROVAL",
} as const;

export const inviteQuerySchema = z.object({ guid: z.string().max(200) });

/** Spec accounts 3: the invite check answers name, email, phone and job title; and who invites. */
export const inviteCheckSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  job_title: z.string().nullable(),
  organization_name: z.string(),
  expires_at: z.string(),
});
export type InviteCheck = z.infer<typeof inviteCheckSchema>;

/** Spec accounts 3: the staff sign-up payload, with the names and phone the form prefilled. */
export const staffSignupSchema = z.object({
  invite_guid: z.string().max(200),
  password: z.string().max(TEXT_LIMITS.password),
  first_name: z.string().trim().max(TEXT_LIMITS.personName).default(""),
  last_name: z.string().trim().max(TEXT_LIMITS.personName).default(""),
  phone: z.string().trim().max(TEXT_LIMITS.phone).default(""),
  receive_marketing: z.boolean().default(false),
  accepted_terms: z.boolean().default(true),
});
export type StaffSignup = z.infer<typeof staffSignupSchema>;

/** Field problems of a staff sign-up that the payload alone decides. */
export function staffSignupProblems(input: StaffSignup & { confirm_password?: string }) {
  const fields: Record<string, string[]> = {};
  const add = (field: string, problems: string[]) => {
    if (problems.length) fields[field] = problems;
  };
  add("first_name", required(input.first_name, authMessages.firstNameRequired));
  add("last_name", required(input.last_name, authMessages.lastNameRequired));
  add("password", passwordProblems(input.password));
  if (input.confirm_password !== undefined && input.confirm_password !== input.password) {
    add("confirm_password", [inviteMessages.passwordsDiffer]);
  }
  if (input.phone) add("phone", phoneProblems(input.phone));
  return fields;
}

/** Accepting with an existing account: its credentials and the invitation. */
export const staffLoginSchema = z.object({
  invite_guid: z.string().max(200),
  username: z.string().trim().min(1).max(TEXT_LIMITS.email),
  password: z.string().min(1).max(TEXT_LIMITS.password),
});

export const requestNewLinkSchema = z.object({ invite_guid: z.string().max(200) });
