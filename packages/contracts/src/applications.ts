import { z } from "zod";
import { authMessages, emailProblems, phoneProblems } from "./auth.ts";
import { declareColumns, fieldLabelsOf, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { TEXT_LIMITS, textMessages } from "./text.ts";

/**
 * Rental applications: a home seeker applies at /properties/{slug}/apply (spec accounts 2: Full
 * Name, Email, Phone Number, Submit Application; the rest is ours), the property's organization
 * reviews them under Applicants > All Applicants.
 */

export const APPLICATION_STATUSES = ["new", "reviewing", "approved", "declined", "withdrawn"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: "New",
  reviewing: "Reviewing",
  approved: "Approved",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

/** A saved draft can be resumed from its emailed link for this long. */
export const APPLICATION_DRAFT_DAYS = 30;
/** Links "Save and finish later" may email one address in an hour, whoever asks (a form fills any address). */
export const APPLICATION_DRAFT_LINKS_PER_HOUR = 3;
/** How far ahead a desired move-in date may be. */
export const MOVE_IN_MAX_DAYS_AHEAD = 366;
export const APPLICATION_MESSAGE_MAX = 2000;
export const APPLICATION_NOTE_MAX = 2000;

export const applicationMessages = {
  fullNameRequired: "Full Name is required",
  emailRequired: "Email is required",
  phoneRequired: "Phone Number is required",
  moveInRequired: "Choose the date you would like to move in",
  moveInPast: "The move-in date cannot be in the past",
  moveInFar: "Choose a move-in date within a year",
  moveInFormat: "Enter the move-in date as YYYY-MM-DD",
  floorPlanUnknown: "This floor plan is not offered at this property",
  unitUnknown: "This unit is not available at this property",
  planOrUnit: "Choose a floor plan or a unit, not both",
  idempotencyKey: "A request key (16 to 100 letters, digits or dashes) is required",
  tooLong: textMessages.tooLong,
  submitted: "Application submitted",
  draftSaved: "Draft saved. We emailed you a link to finish your application later.",
  draftNotFound: "This application link is invalid or has expired. Start a new application below.",
  propertyNotFound: "This property is not taking applications online",
  tooManyApplications: "Too many applications from here. Please try again later.",
  tooManyDraftLinks:
    "We have already emailed this address several links in the last hour. Please use one of them, or try again later.",
  keyReused: "This form was already sent with other answers. Reload the page to send a new application.",
  statusRequired: "Choose a status",
  applicationNotFound: "Application not found",
  alreadyThere: "The application already has this status",
  approveFirst: "Approve the application before making a lease of it",
} as const;

/** A date as YYYY-MM-DD, from today (the applicant's) to a year ahead. */
const moveInDate = z
  .string({ error: applicationMessages.moveInRequired })
  .trim()
  .min(1, applicationMessages.moveInRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, applicationMessages.moveInFormat)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), applicationMessages.moveInFormat)
  // A day of slack either side: the applicant's "today" may be the server's yesterday or tomorrow.
  .refine((v) => Date.parse(`${v}T00:00:00Z`) >= Date.now() - 2 * 86_400_000, applicationMessages.moveInPast)
  .refine(
    (v) => Date.parse(`${v}T00:00:00Z`) <= Date.now() + (MOVE_IN_MAX_DAYS_AHEAD + 1) * 86_400_000,
    applicationMessages.moveInFar,
  );

const email = z
  .string({ error: applicationMessages.emailRequired })
  .trim()
  .min(1, applicationMessages.emailRequired)
  .max(TEXT_LIMITS.email, textMessages.tooLong(TEXT_LIMITS.email))
  .superRefine((v, ctx) => {
    for (const message of emailProblems(v)) ctx.addIssue({ code: "custom", message });
  })
  .transform((v) => v.toLowerCase());

const fullName = z
  .string({ error: applicationMessages.fullNameRequired })
  .trim()
  .min(1, applicationMessages.fullNameRequired)
  .max(TEXT_LIMITS.personName * 2, textMessages.tooLong(TEXT_LIMITS.personName * 2));

const phone = z
  .string({ error: applicationMessages.phoneRequired })
  .trim()
  .min(1, applicationMessages.phoneRequired)
  .max(TEXT_LIMITS.phone, textMessages.tooLong(TEXT_LIMITS.phone))
  .refine((v) => phoneProblems(v).length === 0, authMessages.phoneDigits);

const message = z
  .string()
  .trim()
  .max(APPLICATION_MESSAGE_MAX, textMessages.tooLong(APPLICATION_MESSAGE_MAX))
  .nullish()
  .transform((v) => (v ? v : null));

const recordId = z.number().int().positive().nullable().default(null);

/** A home is applied for by its floor plan or, for a unit offered as itself, by the unit; not both. */
const onePlace = <T extends { floor_plan_id: number | null; unit_id: number | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.floor_plan_id !== null && v.unit_id !== null) {
    ctx.addIssue({ code: "custom", message: applicationMessages.planOrUnit, path: ["unit_id"] });
  }
};

/** The applicant's answers, checked the same way in the form and on the server. */
export const applicationFormSchema = z
  .object({
    full_name: fullName,
    email,
    phone,
    /** The floor plan applied for; null for "any" (or a unit). */
    floor_plan_id: recordId,
    /** The unit applied for, one offered as itself (publicUnitSchema); null for a floor plan or "any". */
    unit_id: recordId,
    move_in_date: moveInDate,
    message,
  })
  .superRefine(onePlace);
export type ApplicationForm = z.output<typeof applicationFormSchema>;
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;

/** POST /public/properties/by-slug/{slug}/applications */
export const submitApplicationSchema = applicationFormSchema.safeExtend({
  /** Made once by the form: a retry or double click with the same key makes one application. */
  idempotency_key: z
    .string(applicationMessages.idempotencyKey)
    .regex(/^[A-Za-z0-9-]{16,100}$/, applicationMessages.idempotencyKey),
  /** The draft this submission finishes, when the applicant resumed one. */
  resume_token: z.string().max(200).nullish(),
  /** Hidden from people; a bot that fills it is thanked and ignored. */
  website: z.string().max(500).optional(),
});
export type SubmitApplication = z.input<typeof submitApplicationSchema>;

/** A draft needs only an email to send its link to; the rest is whatever the applicant has typed. */
export const applicationDraftSchema = z.object({
  email,
  full_name: z
    .string()
    .trim()
    .max(TEXT_LIMITS.personName * 2)
    .default(""),
  phone: z.string().trim().max(TEXT_LIMITS.phone).default(""),
  floor_plan_id: recordId,
  unit_id: recordId,
  move_in_date: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, applicationMessages.moveInFormat)
    .default(""),
  message: z.string().trim().max(APPLICATION_MESSAGE_MAX).default(""),
  website: z.string().max(500).optional(),
});
export type ApplicationDraftInput = z.input<typeof applicationDraftSchema>;

export const resumeTokenParamsSchema = z.object({ token: z.string().min(20).max(200) });

/** What the applicant gets back: their reference, never the organization's internals. */
export const applicationReceiptSchema = z.object({
  reference: z.string(),
  property_name: z.string(),
  email: z.string(),
  submitted_at: z.string(),
});
export type ApplicationReceipt = z.infer<typeof applicationReceiptSchema>;

export const draftSavedSchema = z.object({ resume_token: z.string(), expires_at: z.string() });

/** A draft as it is resumed. */
export const applicationDraftSchemaOut = z.object({
  property_slug: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  floor_plan_id: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  move_in_date: z.string(),
  message: z.string(),
});
export type ApplicationDraft = z.infer<typeof applicationDraftSchemaOut>;

/** The short reference an applicant quotes (the first 8 characters of the application's id). */
export const applicationReference = (id: string) => id.slice(0, 8).toUpperCase();

/* Applicants > All Applicants: the organization's submitted applications on the shared grid. */

/** Pages of the applicants grid, like the staff grid's (spec records 9). */
export const APPLICANT_PAGE_SIZE = 200;

const APPLICANT = "Applicant";
const APPLICATION = "Application";

/** The applicants grid, declared once (sort keys name the applications table "ap."). */
export const APPLICANT_COLUMNS = declareColumns({
  full_name: { label: "Full Name", type: "text", sortKey: "ap.full_name", category: APPLICANT, field: "full_name" },
  email: { label: "Email", type: "text", sortKey: "ap.email", category: APPLICANT, field: "email" },
  phone: { label: "Phone", type: "text", sortKey: "ap.phone", category: APPLICANT, field: "phone" },
  status: { label: "Status", type: "text", sortKey: "ap.status", category: APPLICATION, field: "status" },
  duplicate: { label: "Duplicate", type: "text", sortKey: "duplicate", category: APPLICATION },
  property_name: { label: "Property", type: "text", sortKey: "ap.property_name", category: APPLICATION },
  floor_plan_name: { label: "Floor Plan", type: "text", sortKey: "ap.floor_plan_name", category: APPLICATION },
  unit_number: { label: "Unit", type: "text", sortKey: "ap.unit_number", category: APPLICATION },
  move_in_date: {
    label: "Move-in Date",
    type: "date",
    sortKey: "ap.move_in_date",
    category: APPLICATION,
    field: "move_in_date",
  },
  submitted_at: { label: "Submitted", type: "date", sortKey: "ap.submitted_at", category: APPLICATION },
  reference: { label: "Reference", type: "text", sortKey: "ap.id", category: APPLICATION, defaultVisible: false },
  message: { label: "Message", type: "text", category: APPLICANT, defaultVisible: false, field: "message" },
  status_note: {
    label: "Status Note",
    type: "text",
    category: APPLICATION,
    defaultVisible: false,
    field: "status_note",
  },
  last_modified_date: { label: "Last Modified", type: "date", sortKey: "ap.last_modified_date", defaultVisible: false },
});
export const APPLICANT_SORT_KEYS = sortKeysOf(APPLICANT_COLUMNS);
export const APPLICANT_FILTER_TYPES = filterTypesOf(APPLICANT_COLUMNS);
export const APPLICANT_FIELD_LABELS = fieldLabelsOf(APPLICANT_COLUMNS) as Record<string, string>;

export const applicantListQuerySchema = listQuerySchema({
  columns: APPLICANT_COLUMNS,
  defaultSort: "ap.submitted_at",
  defaultDirection: "desc",
  maxLimit: APPLICANT_PAGE_SIZE,
});

export const applicantRowSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  status_note: z.string().nullable(),
  /** Another application from the same email to the same property exists. */
  duplicate: z.boolean(),
  property_id: z.uuid(),
  property_name: z.string(),
  floor_plan_name: z.string().nullable(),
  /** The unit applied for when it was offered as itself (no floor plan). */
  unit_number: z.string().nullable(),
  move_in_date: z.string().nullable(),
  message: z.string().nullable(),
  submitted_at: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
});
export type ApplicantRow = z.infer<typeof applicantRowSchema>;

export const applicantListSchema = z.object({
  applicants: z.array(applicantRowSchema),
  count: z.number().int(),
  total_count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});

export const applicantIdParamsSchema = z.object({ id: z.uuid(applicationMessages.applicationNotFound) });

/** PUT /applicants/{id}/status: the new status, an optional note, and whether to email the applicant. */
export const applicationStatusChangeSchema = z.object({
  status: z.enum(APPLICATION_STATUSES, applicationMessages.statusRequired),
  note: z
    .string()
    .trim()
    .max(APPLICATION_NOTE_MAX, textMessages.tooLong(APPLICATION_NOTE_MAX))
    .nullish()
    .transform((v) => (v ? v : null)),
  notify_applicant: z.boolean().default(true),
});
export type ApplicationStatusChange = z.input<typeof applicationStatusChangeSchema>;

export const applicantMessages = {
  selectToEdit: "Please select an applicant to change",
  selectOneToEdit: "Please select only one applicant to change",
  selectOneForHistory: "Please select a single applicant to view history",
  selectToDelete: "Please select the applicants to delete",
  deleteFailed: "Failed to delete applicant",
  tableFailed: "Error loading applicants table",
  emptyTitle: "No Applicants Yet",
  emptyText: "Applications from your listed properties' public pages arrive here.",
  emptyNoMatch: "No applicants match the filters.",
  noAdd: "Applicants apply on your properties' public pages",
  noRemove: "Applications are kept for your records: decline or withdraw them instead",
  saveFailed: "Failed to change the application's status",
  statusChanged: (name: string, status: ApplicationStatus) => `${name}: ${APPLICATION_STATUS_LABELS[status]}`,
} as const;

/**
 * POST /applicants/{id}/tenant (issue 27 item 11): the approved applicant as a tenant (made once;
 * asked again, the same tenant) and what the lease dialog is filled with, so nothing is retyped.
 */
export const applicantTenantSchema = z.object({
  tenant: z.object({
    id: z.uuid(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** False when the applicant had already become this tenant. */
  created: z.boolean(),
  lease: z.object({
    application_id: z.uuid(),
    property_id: z.uuid(),
    property_name: z.string(),
    /** The unit applied for, or null when the application named a floor plan (the manager picks its unit). */
    unit_id: z.number().int().nullable(),
    unit_number: z.string().nullable(),
    floor_plan_id: z.number().int().nullable(),
    floor_plan_name: z.string().nullable(),
    /** The move-in day the applicant asked for: the lease's start. */
    start_date: z.string().nullable(),
  }),
});
export type ApplicantTenant = z.infer<typeof applicantTenantSchema>;
