import { z } from "zod";
import { authMessages, phoneProblems } from "./auth.ts";
import { civilDateSchema, isCivilDate } from "./civil-date.ts";
import { declareColumns, fieldLabelsOf, filterTypesOf, sortKeysOf } from "./columns.ts";
import { LEASE_PARTY_ROLES, LEASE_STATUSES } from "./leases.ts";
import { listQuerySchema } from "./list-query.ts";
import { optionalText, TEXT_LIMITS } from "./text.ts";

export const TENANTS_PAGE_SIZE = 2000;

/** What the leases code sets a tenant's status to (see the tenants table). */
export const TENANT_STATUSES = ["none", "future", "current", "notice", "past"] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
/** How the grid and By Status name each status. */
export const TENANT_STATUS_LABELS: Record<TenantStatus, string> = {
  none: "No Lease",
  future: "Future",
  current: "Current",
  notice: "Notice",
  past: "Past",
};
/** By Status's tabs, in the order a lease runs through them. */
export const TENANT_STATUS_TABS = ["current", "future", "notice", "past"] as const satisfies readonly TenantStatus[];

export const TENANT_KINDS = ["person", "company"] as const;
export type TenantKind = (typeof TENANT_KINDS)[number];
export const TENANT_KIND_LABELS: Record<TenantKind, string> = { person: "Person", company: "Company" };

const TENANT = "Tenant Information";
const CONTACT = "Contact";
const EMERGENCY = "Emergency Contact";
const MONEY = "Money";

/**
 * The tenants grid (issue 27 item 7), declared once. Sort keys name the tenants table ("t.");
 * each has an index (organization_id, column, id) so a sorted page is an index range.
 */
export const TENANT_COLUMNS = declareColumns({
  name: { label: "Name", type: "text", sortKey: "t.name", category: TENANT, field: "name", shows: ["name"] },
  kind: { label: "Type", type: "text", sortKey: "t.kind", category: TENANT, field: "kind", shows: ["kind"] },
  status: { label: "Status", type: "text", sortKey: "t.status", category: TENANT, shows: ["status"] },
  email: { label: "Email", type: "text", sortKey: "t.email", category: CONTACT, field: "email", shows: ["email"] },
  phone: { label: "Phone", type: "text", sortKey: "t.phone", category: CONTACT, field: "phone", shows: ["phone"] },
  alternate_email: {
    label: "Alternate Email",
    type: "text",
    sortKey: "t.alternate_email",
    category: CONTACT,
    defaultVisible: false,
    field: "alternate_email",
    shows: ["alternate_email"],
  },
  alternate_phone: {
    label: "Alternate Phone",
    type: "text",
    sortKey: "t.alternate_phone",
    category: CONTACT,
    defaultVisible: false,
    field: "alternate_phone",
    shows: ["alternate_phone"],
  },
  emergency_contact_name: {
    label: "Emergency Contact",
    type: "text",
    sortKey: "t.emergency_contact_name",
    category: EMERGENCY,
    defaultVisible: false,
    field: "emergency_contact_name",
    shows: ["emergency_contact_name"],
  },
  emergency_contact_phone: {
    label: "Emergency Contact Phone",
    type: "text",
    category: EMERGENCY,
    defaultVisible: false,
    field: "emergency_contact_phone",
    shows: ["emergency_contact_phone"],
  },
  emergency_contact_relationship: {
    label: "Emergency Contact Relationship",
    type: "text",
    category: EMERGENCY,
    defaultVisible: false,
    field: "emergency_contact_relationship",
    shows: ["emergency_contact_relationship"],
  },
  // What the tenant owes over their leases (decision 028): shown, neither sorted nor filtered, since
  // it is a sum over leases read for the page's rows only and no index can hold it.
  balance_cents: { label: "Balance", category: MONEY, shows: ["balance_cents"] },
  created_date: {
    label: "Created Date",
    type: "date",
    sortKey: "t.created_date",
    defaultVisible: false,
    shows: ["created_date"],
  },
  last_modified_date: {
    label: "Last Modified",
    type: "date",
    sortKey: "t.last_modified_date",
    defaultVisible: false,
    shows: ["last_modified_date"],
  },
});
export const TENANT_SORT_KEYS = sortKeysOf(TENANT_COLUMNS);
export const TENANT_FILTER_TYPES = filterTypesOf(TENANT_COLUMNS);

/** The grid's query, plus By Status's tab: only the tenants of one status. */
export const tenantListQuerySchema = listQuerySchema({
  columns: TENANT_COLUMNS,
  defaultSort: "t.name",
  maxLimit: TENANTS_PAGE_SIZE,
}).extend({ status: z.enum(TENANT_STATUSES).optional() });

export const tenantIdSchema = z.uuid("Not a tenant id");
export const tenantIdParamsSchema = z.object({ id: tenantIdSchema });

/** A tenant as a create or update answers it: its id and the form fields as stored. */
export const tenantRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(TENANT_KINDS),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  alternate_email: z.string().nullable(),
  phone: z.string().nullable(),
  alternate_phone: z.string().nullable(),
  emergency_contact_name: z.string().nullable(),
  emergency_contact_phone: z.string().nullable(),
  emergency_contact_relationship: z.string().nullable(),
  notes: z.string().nullable(),
});
export type TenantRecord = z.infer<typeof tenantRecordSchema>;

/**
 * A tenant as the grid shows it: the record, its status (from its leases), its balance and its
 * audit stamps. The balance is what they owe over the leases they are responsible on (negative: a
 * credit); null for a role that may not see the books (`ledger.view`).
 */
export const tenantRowSchema = tenantRecordSchema.extend({
  status: z.enum(TENANT_STATUSES),
  balance_cents: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_date: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
});
export type TenantRow = z.infer<typeof tenantRowSchema>;

export const tenantListSchema = z.object({
  tenants: z.array(tenantRowSchema),
  offset: z.number().int(),
  count: z.number().int(),
  total_count: z.number().int(),
});

/** GET /api/v1/tenants/status-counts: how many tenants By Status shows under each tab. */
export const tenantStatusCountsSchema = z.object({
  counts: z.object(
    Object.fromEntries(TENANT_STATUSES.map((s) => [s, z.number().int()])) as Record<TenantStatus, z.ZodNumber>,
  ),
});
export type TenantStatusCounts = z.infer<typeof tenantStatusCountsSchema>["counts"];

export const TENANT_NOTES_MAX = TEXT_LIMITS.longText;
export const TENANT_RELATIONSHIP_MAX = 100;

export const tenantMessages = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  companyNameRequired: "Company name is required",
  kindInvalid: "Choose Person or Company",
  emailInvalid: "Enter a valid email address, such as name@example.com",
  phoneDigits: authMessages.phoneDigits,
  emergencyPhoneWithoutName: "Give the emergency contact's name with their phone",
  notesTooLong: `Notes must be at most ${TENANT_NOTES_MAX.toLocaleString("en-US")} characters`,
  notFound: "Tenant not found",
  onLease: (leases: number) =>
    `This tenant is a party to ${leases === 1 ? "a lease" : `${leases} leases`} and cannot be deleted. Their lease history and balance must stay on record.`,
  loadFailed: "Failed to load tenants. Please try again later.",
  selectToEdit: "Please select a tenant to edit",
  selectOneToEdit: "Please select only one tenant to edit",
  selectOneForHistory: "Please select a single tenant to view history",
  selectToDelete: "Please select the tenants to delete",
  saveFailed: "Failed to save tenant",
  createFailed: "Failed to create tenant",
  deleteFailed: "Failed to delete tenant",
  emptyTitle: "No Tenants Found",
  emptyText: "Get started by adding your first tenant.",
  emptyNoMatch: "No tenants match the filters.",
  emptyStatus: (status: string) => `No ${status.toLowerCase()} tenants.`,
  add: "Add Tenant",
  countsFailed: "Failed to load the tenant counts.",
} as const;

// A simple, strict enough shape: something@host.tld, no spaces (what mail servers accept in practice).
const EMAIL = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@.]+$/;

const optionalEmail = optionalText(TEXT_LIMITS.email)
  .refine((v) => v === null || EMAIL.test(v), tenantMessages.emailInvalid)
  .transform((v) => (v === null ? null : v.toLowerCase()));

/** Phones as the other forms check them: at least ten digits (any punctuation), at most 20 characters. */
const optionalPhone = optionalText(TEXT_LIMITS.phone).refine(
  (v) => v === null || phoneProblems(v).length === 0,
  tenantMessages.phoneDigits,
);

/**
 * The tenant form, checked the same way in the dialog and on the server. A person needs a first and
 * last name, a company its name; the fields of the other kind are dropped on save.
 */
export const tenantFormSchema = z
  .object({
    kind: z.enum(TENANT_KINDS, { error: tenantMessages.kindInvalid }),
    first_name: optionalText(TEXT_LIMITS.personName),
    last_name: optionalText(TEXT_LIMITS.personName),
    company_name: optionalText(TEXT_LIMITS.organizationName),
    email: optionalEmail,
    alternate_email: optionalEmail,
    phone: optionalPhone,
    alternate_phone: optionalPhone,
    emergency_contact_name: optionalText(TEXT_LIMITS.personName * 2),
    emergency_contact_phone: optionalPhone,
    emergency_contact_relationship: optionalText(TENANT_RELATIONSHIP_MAX),
    notes: optionalText(TENANT_NOTES_MAX, tenantMessages.notesTooLong),
  })
  .superRefine((v, ctx) => {
    const need = (field: "first_name" | "last_name" | "company_name", message: string) => {
      if (!v[field]) ctx.addIssue({ code: "custom", path: [field], message });
    };
    if (v.kind === "person") {
      need("first_name", tenantMessages.firstNameRequired);
      need("last_name", tenantMessages.lastNameRequired);
    } else {
      need("company_name", tenantMessages.companyNameRequired);
    }
    if (v.emergency_contact_phone && !v.emergency_contact_name) {
      ctx.addIssue({
        code: "custom",
        path: ["emergency_contact_name"],
        message: tenantMessages.emergencyPhoneWithoutName,
      });
    }
  })
  .transform((v) => (v.kind === "person" ? { ...v, company_name: null } : { ...v, first_name: null, last_name: null }));
export type TenantForm = z.output<typeof tenantFormSchema>;
export type TenantFormInput = z.input<typeof tenantFormSchema>;

/** The name lists show and sort by. */
export const tenantNameOf = (f: Pick<TenantForm, "kind" | "first_name" | "last_name" | "company_name">) =>
  f.kind === "person" ? `${f.first_name ?? ""} ${f.last_name ?? ""}`.trim() : (f.company_name ?? "");

export const tenantResponseSchema = z.object({ tenant: tenantRecordSchema });

/** Undo of a delete, by the tenants' ids. */
export const tenantIdsSchema = z.object({ ids: z.array(tenantIdSchema).min(1).max(2000) });
export const tenantRestoreResultSchema = z.object({ restored: z.number().int(), ids: z.array(z.string()) });

/** Labels of the audited fields, as the History dialog shows them. */
export const TENANT_FIELD_LABELS: Record<string, string> = {
  ...fieldLabelsOf(TENANT_COLUMNS),
  first_name: "First Name",
  last_name: "Last Name",
  company_name: "Company Name",
  notes: "Notes",
  document: "Document",
};

// ---- The tenant's leases and money (issue 27 items 7 and 13) ----

/**
 * The roles that owe a lease's money: its balance counts in the tenant's. An occupant lives there
 * but signed nothing, so their leases are listed without adding to what they owe.
 */
export const RESPONSIBLE_PARTY_ROLES = ["primary", "co_tenant", "guarantor"] as const;

/** A lease the tenant is a party to, as their page lists it. Money in cents (balance: owed, negative a credit). */
export const tenantLeaseSchema = z.object({
  id: z.string(),
  lease_no: z.number().int(),
  role: z.enum(LEASE_PARTY_ROLES),
  status: z.enum(LEASE_STATUSES),
  property_id: z.string(),
  property_name: z.string(),
  unit_names: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  move_out_date: z.string().nullable(),
  rent_cents: z.number().int(),
  balance_cents: z.number().int(),
});
export type TenantLease = z.infer<typeof tenantLeaseSchema>;

/**
 * GET /tenants/{id}/leases: their leases newest first (those of the caller's properties) and
 * `balance_cents`, the sum of the maintained balances of those they are responsible on.
 */
export const tenantLeasesSchema = z.object({
  leases: z.array(tenantLeaseSchema),
  balance_cents: z.number().int(),
});
export type TenantLeases = z.infer<typeof tenantLeasesSchema>;

// ---- Documents (ID, insurance, lease scan...) with expiry dates ----

export const TENANT_DOCUMENT_TYPES = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
} as const;
export type TenantDocumentType = keyof typeof TENANT_DOCUMENT_TYPES;
export const MAX_TENANT_DOCUMENT_MB = 10;
export const MAX_TENANT_DOCUMENT_BYTES = MAX_TENANT_DOCUMENT_MB * 1024 * 1024;
export const MAX_TENANT_DOCUMENTS = 100;
/** A document expiring within this many days is shown as expiring soon. */
export const TENANT_DOCUMENT_SOON_DAYS = 30;
export const TENANT_DOCUMENT_TITLE_MAX = 200;

export const TENANT_DOCUMENT_KINDS = ["id", "insurance", "lease", "income", "other"] as const;
export const TENANT_DOCUMENT_KIND_LABELS: Record<(typeof TENANT_DOCUMENT_KINDS)[number], string> = {
  id: "ID",
  insurance: "Insurance",
  lease: "Lease",
  income: "Proof of Income",
  other: "Other",
};

/** expired: before today; expiring: within TENANT_DOCUMENT_SOON_DAYS; valid: later; none: no expiry. */
export const DOCUMENT_EXPIRY_STATES = ["expired", "expiring", "valid", "none"] as const;

export const tenantDocumentMessages = {
  fileRequired: "Choose a file to upload",
  unsupported: "Please choose a PDF, JPEG, PNG or WebP file.",
  tooLarge: `The file is larger than ${MAX_TENANT_DOCUMENT_MB} MB. Please choose a smaller one.`,
  incomplete: "The upload did not arrive whole. Please try again.",
  tooMany: `A tenant can have at most ${MAX_TENANT_DOCUMENTS} documents. Delete old ones first.`,
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${TENANT_DOCUMENT_TITLE_MAX} characters`,
  kindInvalid: "Choose the kind of document",
  expiresOnFormat: "Enter the expiry date as YYYY-MM-DD, or leave it empty",
  notFound: "Document not found",
  expired: (day: string) => `Expired on ${day}`,
  expiring: (day: string) => `Expires on ${day}`,
  rateLimited: "You have uploaded many files in a short time. Please wait a few minutes and try again.",
} as const;

/** The text fields sent with a document's file. */
export const tenantDocumentFieldsSchema = z.object({
  title: z
    .string({ error: tenantDocumentMessages.titleRequired })
    .trim()
    .min(1, tenantDocumentMessages.titleRequired)
    .max(TENANT_DOCUMENT_TITLE_MAX, tenantDocumentMessages.titleTooLong),
  kind: z.enum(TENANT_DOCUMENT_KINDS, { error: tenantDocumentMessages.kindInvalid }),
  expires_on: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isCivilDate(v), tenantDocumentMessages.expiresOnFormat),
});

export const tenantDocumentSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  title: z.string(),
  kind: z.enum(TENANT_DOCUMENT_KINDS),
  file_name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  expires_on: civilDateSchema().nullable(),
  expiry: z.enum(DOCUMENT_EXPIRY_STATES),
  uploaded_at: z.string(),
  url: z.string(),
});
export type TenantDocument = z.infer<typeof tenantDocumentSchema>;

/** A tenant's documents, soonest expiry first, and the organization's today they were judged on. */
export const tenantDocumentListSchema = z.object({
  documents: z.array(tenantDocumentSchema),
  today: z.string(),
  expired: z.number().int(),
  expiring: z.number().int(),
});
export const tenantDocumentParamsSchema = z.object({ id: tenantIdSchema, documentId: z.uuid("Not a document id") });

/** The expiry state of a document on `today` (civil dates compare as text). */
export function expiryOf(expiresOn: string | null, today: string, soonUntil: string) {
  if (expiresOn === null) return "none" as const;
  if (expiresOn < today) return "expired" as const;
  if (expiresOn <= soonUntil) return "expiring" as const;
  return "valid" as const;
}
