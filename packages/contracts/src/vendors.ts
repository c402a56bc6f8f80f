import { z } from "zod";
import { authMessages, phoneProblems } from "./auth.ts";
import { isCivilDate } from "./civil-date.ts";
import { declareColumns, fieldLabelsOf, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { MAINTENANCE_CATEGORY_LABELS } from "./maintenance.ts";
import { optionalText, TEXT_LIMITS, textMessages } from "./text.ts";

/**
 * Vendors (issue 28 item 6, decision 035): the companies and people who do the work, with what a
 * 1099 needs (legal name, tax classification, taxpayer id kept encrypted and shown by its last four
 * digits only), their insurance certificate's expiry and the expense account their bills go to.
 */
export const VENDORS_PAGE_SIZE = 2000;

/** The trades a vendor works in: the maintenance categories, and the other trades a manager hires. */
export const VENDOR_TRADES = [
  "general",
  "plumbing",
  "electrical",
  "hvac",
  "appliance",
  "pest",
  "locks",
  "grounds",
  "cleaning",
  "painting",
  "roofing",
  "other",
] as const;
export type VendorTrade = (typeof VENDOR_TRADES)[number];
export const VENDOR_TRADE_LABELS: Record<VendorTrade, string> = {
  // The trades that match a request's category read as the category does.
  ...MAINTENANCE_CATEGORY_LABELS,
  general: "General Contractor",
  cleaning: "Cleaning",
  painting: "Painting",
  roofing: "Roofing",
};

/** The federal tax classifications of a W-9. */
export const TAX_CLASSIFICATIONS = [
  "individual",
  "llc",
  "c_corporation",
  "s_corporation",
  "partnership",
  "trust_estate",
  "other",
] as const;
export type TaxClassification = (typeof TAX_CLASSIFICATIONS)[number];
export const TAX_CLASSIFICATION_LABELS: Record<TaxClassification, string> = {
  individual: "Individual / Sole Proprietor",
  llc: "LLC",
  c_corporation: "C Corporation",
  s_corporation: "S Corporation",
  partnership: "Partnership",
  trust_estate: "Trust / Estate",
  other: "Other",
};

/** A vendor's default expense account is one of the organization's expense accounts (codes 5000 to 8999). */
export const EXPENSE_ACCOUNT_CODES = { first: 5000, last: 8999 } as const;

const VENDOR = "Vendor";
const CONTACT = "Contact";
const TAX = "Tax (1099)";
const INSURANCE = "Insurance";

/** The vendors grid, declared once. Sort keys name the vendors table ("v."), each with its index. */
export const VENDOR_COLUMNS = declareColumns({
  name: { label: "Name", type: "text", sortKey: "v.name", category: VENDOR, field: "name" },
  trades: { label: "Trades", type: "text", category: VENDOR, field: "trades" },
  contact_name: {
    label: "Contact",
    type: "text",
    sortKey: "v.contact_name",
    category: CONTACT,
    field: "contact_name",
  },
  email: { label: "Email", type: "text", sortKey: "v.email", category: CONTACT, field: "email" },
  phone: { label: "Phone", type: "text", sortKey: "v.phone", category: CONTACT, field: "phone" },
  city: { label: "City", type: "text", sortKey: "v.city", category: CONTACT, field: "city", defaultVisible: false },
  insurance: { label: "Insurance", type: "text", category: INSURANCE },
  insurance_expires_on: {
    label: "Insurance Expires",
    type: "date",
    sortKey: "v.insurance_expires_on",
    category: INSURANCE,
    field: "insurance_expires_on",
  },
  eligible_1099: { label: "1099", type: "text", sortKey: "v.eligible_1099", category: TAX, field: "eligible_1099" },
  tax_classification: {
    label: "Tax Classification",
    type: "text",
    sortKey: "v.tax_classification",
    category: TAX,
    field: "tax_classification",
    defaultVisible: false,
  },
  default_expense_account: {
    label: "Expense Account",
    type: "text",
    category: TAX,
    field: "default_expense_account",
    defaultVisible: false,
  },
  created_date: { label: "Created Date", type: "date", sortKey: "v.created_date", defaultVisible: false },
  last_modified_date: { label: "Last Modified", type: "date", sortKey: "v.last_modified_date", defaultVisible: false },
});
export const VENDOR_SORT_KEYS = sortKeysOf(VENDOR_COLUMNS);
export const VENDOR_FILTER_TYPES = filterTypesOf(VENDOR_COLUMNS);

export const vendorListQuerySchema = listQuerySchema({
  columns: VENDOR_COLUMNS,
  defaultSort: "v.name",
  maxLimit: VENDORS_PAGE_SIZE,
});
export type VendorListQuery = z.output<typeof vendorListQuerySchema>;

export const vendorIdSchema = z.uuid("Not a vendor id");
export const vendorIdParamsSchema = z.object({ id: vendorIdSchema });

export const VENDOR_NOTES_MAX = TEXT_LIMITS.longText;

export const vendorMessages = {
  nameRequired: "Name is required",
  tradeInvalid: "Choose trades from the list",
  emailInvalid: "Enter a valid email address, such as name@example.com",
  phoneDigits: authMessages.phoneDigits,
  stateInvalid: "Enter the state as its two-letter code, such as TX",
  zipcode: "Enter a 5-digit ZIP code (or ZIP+4, 12345-6789)",
  taxClassificationInvalid: "Choose a tax classification",
  taxpayerIdInvalid: "Enter an EIN as 12-3456789 or an SSN as 123-45-6789",
  insuranceExpiresOnFormat: "Enter the expiry date as YYYY-MM-DD, or leave it empty",
  expenseAccountUnknown: "That account is not one of your accounts",
  expenseAccountNotExpense: `Choose an expense account (codes ${EXPENSE_ACCOUNT_CODES.first} to ${EXPENSE_ACCOUNT_CODES.last})`,
  notesTooLong: `Notes must be at most ${VENDOR_NOTES_MAX.toLocaleString("en-US")} characters`,
  notFound: "Vendor not found",
  loadFailed: "Failed to load vendors. Please try again later.",
  selectToEdit: "Please select a vendor to edit",
  selectOneToEdit: "Please select only one vendor to edit",
  selectOneForHistory: "Please select a single vendor to view history",
  selectToDelete: "Please select the vendors to delete",
  saveFailed: "Failed to save vendor",
  createFailed: "Failed to create vendor",
  deleteFailed: "Failed to delete vendor",
  emptyTitle: "No Vendors Found",
  emptyText: "Add the plumbers, electricians and other vendors who work on your properties.",
  emptyNoMatch: "No vendors match the filters.",
  add: "Add Vendor",
  noInsurance: "No insurance on file",
  insuranceExpired: (day: string) => `Insurance expired on ${day}`,
  insuranceBadge: "Insurance expired",
} as const;

/** How the grid shows a vendor's insurance (filtered as these texts). */
export const INSURANCE_STATES = { expired: "Expired", valid: "Valid", none: "None" } as const;

/**
 * Why assigning this vendor deserves a warning, judged on the organization's `today`
 * (YYYY-MM-DD; civil dates compare as text): no certificate's expiry on file, or one before today.
 * Null when the insurance is current (it expires today or later).
 */
export function insuranceProblem(vendor: { insurance_expires_on: string | null }, today: string): string | null {
  if (!vendor.insurance_expires_on) return vendorMessages.noInsurance;
  if (vendor.insurance_expires_on < today) return vendorMessages.insuranceExpired(vendor.insurance_expires_on);
  return null;
}

/**
 * A taxpayer id as stored: an EIN as NN-NNNNNNN, an SSN as NNN-NN-NNNN. Nine digits without dashes
 * are written as the classification suggests (an SSN for an individual, an EIN otherwise); anything
 * else is null (not a taxpayer id).
 */
export function normalizeTaxpayerId(value: string, classification: TaxClassification | null): string | null {
  const v = value.replace(/\s+/g, "");
  if (/^\d{2}-\d{7}$/.test(v) || /^\d{3}-\d{2}-\d{4}$/.test(v)) return v;
  if (!/^\d{9}$/.test(v)) return null;
  return classification === "individual"
    ? `${v.slice(0, 3)}-${v.slice(3, 5)}-${v.slice(5)}`
    : `${v.slice(0, 2)}-${v.slice(2)}`;
}

/** How a taxpayer id is shown: its last four digits only. */
export const maskedTaxpayerId = (last4: string | null) => (last4 ? `•••-••-${last4}` : "");

const EMAIL = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@.]+$/;

const optionalPhone = optionalText(TEXT_LIMITS.phone).refine(
  (v) => v === null || phoneProblems(v).length === 0,
  vendorMessages.phoneDigits,
);

/**
 * The vendor form, checked the same way in the dialog and on the server. `taxpayer_id` is write
 * only: given, it replaces the stored one; left empty on an edit, the stored one stays (the form
 * never holds it), unless `clear_taxpayer_id` asks to remove it.
 */
export const vendorFormSchema = z
  .object({
    name: z
      .string({ error: vendorMessages.nameRequired })
      .trim()
      .min(1, vendorMessages.nameRequired)
      .max(TEXT_LIMITS.organizationName, textMessages.tooLong(TEXT_LIMITS.organizationName)),
    trades: z
      .array(z.enum(VENDOR_TRADES, { error: vendorMessages.tradeInvalid }), { error: vendorMessages.tradeInvalid })
      .max(VENDOR_TRADES.length, vendorMessages.tradeInvalid)
      .nullish()
      .transform((v) => VENDOR_TRADES.filter((t) => v?.includes(t))),
    contact_name: optionalText(TEXT_LIMITS.personName * 2),
    email: optionalText(TEXT_LIMITS.email)
      .refine((v) => v === null || EMAIL.test(v), vendorMessages.emailInvalid)
      .transform((v) => (v === null ? null : v.toLowerCase())),
    phone: optionalPhone,
    alternate_phone: optionalPhone,
    address_line_1: optionalText(200),
    address_line_2: optionalText(200),
    city: optionalText(100),
    state_code: optionalText(2)
      .transform((v) => (v === null ? null : v.toUpperCase()))
      .refine((v) => v === null || /^[A-Z]{2}$/.test(v), vendorMessages.stateInvalid),
    zipcode: optionalText(10).refine((v) => v === null || /^\d{5}(?:-\d{4})?$/.test(v), vendorMessages.zipcode),
    legal_name: optionalText(TEXT_LIMITS.organizationName),
    tax_classification: z
      .union([z.enum(TAX_CLASSIFICATIONS, { error: vendorMessages.taxClassificationInvalid }), z.literal("")], {
        error: vendorMessages.taxClassificationInvalid,
      })
      .nullish()
      .transform((v) => (v ? v : null)),
    taxpayer_id: optionalText(20, vendorMessages.taxpayerIdInvalid),
    clear_taxpayer_id: z.boolean().default(false),
    eligible_1099: z.boolean().default(false),
    insurance_provider: optionalText(TEXT_LIMITS.organizationName),
    insurance_policy_number: optionalText(100),
    insurance_expires_on: optionalText(10, vendorMessages.insuranceExpiresOnFormat).refine(
      (v) => v === null || isCivilDate(v),
      vendorMessages.insuranceExpiresOnFormat,
    ),
    default_expense_account_id: z
      .number({ error: vendorMessages.expenseAccountNotExpense })
      .int(vendorMessages.expenseAccountNotExpense)
      .positive(vendorMessages.expenseAccountNotExpense)
      .nullish()
      .transform((v) => v ?? null),
    notes: optionalText(VENDOR_NOTES_MAX, vendorMessages.notesTooLong),
  })
  .superRefine((v, ctx) => {
    if (v.taxpayer_id !== null && normalizeTaxpayerId(v.taxpayer_id, v.tax_classification) === null)
      ctx.addIssue({ code: "custom", path: ["taxpayer_id"], message: vendorMessages.taxpayerIdInvalid });
  })
  .transform((v) => ({
    ...v,
    taxpayer_id: v.taxpayer_id === null ? null : normalizeTaxpayerId(v.taxpayer_id, v.tax_classification),
  }));
export type VendorForm = z.output<typeof vendorFormSchema>;
export type VendorFormInput = z.input<typeof vendorFormSchema>;

/**
 * A vendor as the grid, the view and every write answer it. The taxpayer id is never sent: only
 * its last four digits (`taxpayer_id_last4`).
 */
export const vendorRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  trades: z.array(z.enum(VENDOR_TRADES)),
  contact_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  alternate_phone: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state_code: z.string().nullable(),
  zipcode: z.string().nullable(),
  legal_name: z.string().nullable(),
  tax_classification: z.enum(TAX_CLASSIFICATIONS).nullable(),
  taxpayer_id_last4: z.string().nullable(),
  eligible_1099: z.boolean(),
  insurance_provider: z.string().nullable(),
  insurance_policy_number: z.string().nullable(),
  /** A civil date in the organization's time zone. */
  insurance_expires_on: z.string().nullable(),
  /** What `insuranceProblem` says on the organization's today: null when the insurance is current. */
  insurance_problem: z.string().nullable(),
  /** The certificate's expiry is before the organization's today. */
  insurance_expired: z.boolean(),
  default_expense_account_id: z.number().int().nullable(),
  /** "5410 Plumbing". */
  default_expense_account_name: z.string().nullable(),
  notes: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_date: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
});
export type VendorRow = z.infer<typeof vendorRowSchema>;

export const vendorListSchema = z.object({
  vendors: z.array(vendorRowSchema),
  offset: z.number().int(),
  count: z.number().int(),
  total_count: z.number().int(),
});
export const vendorResponseSchema = z.object({ vendor: vendorRowSchema });

/** Undo of a delete, by the vendors' ids. */
export const vendorIdsSchema = z.object({ ids: z.array(vendorIdSchema).min(1).max(2000) });
export const vendorRestoreResultSchema = z.object({ restored: z.number().int(), ids: z.array(z.string()) });

/** Labels of the audited fields, as the History dialog shows them. */
export const VENDOR_FIELD_LABELS: Record<string, string> = {
  ...fieldLabelsOf(VENDOR_COLUMNS),
  alternate_phone: "Alternate Phone",
  address_line_1: "Address Line 1",
  address_line_2: "Address Line 2",
  state_code: "State",
  zipcode: "ZIP Code",
  legal_name: "Legal Name",
  taxpayer_id_last4: "Taxpayer ID",
  insurance_provider: "Insurance Provider",
  insurance_policy_number: "Policy Number",
  notes: "Notes",
};
