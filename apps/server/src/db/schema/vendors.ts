import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { auditColumns, organizationId, tenantPolicy } from "./common.ts";
import { ledgerAccounts } from "./ledger.ts";
import { organizations } from "./organizations.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
const TRADES = [
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
];
const TAX_CLASSIFICATIONS = [
  "individual",
  "llc",
  "c_corporation",
  "s_corporation",
  "partnership",
  "trust_estate",
  "other",
];

/**
 * Vendors (issue 28 item 6, decision 035): the organization's, not a property's (no property
 * scope: every user of the organization who may see vendors sees them all). The taxpayer id is
 * sealed with the secret box (AES-256-GCM under ENCRYPTION_KEY, purpose `keyholder:vendor_taxpayer_id`);
 * only its last four digits are kept plain, for showing and for a 1099's check. The default expense
 * account is one of the organization's expense accounts (checked on write).
 */
export const vendors = pgTable(
  "vendors",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    trades: text("trades").array().notNull().default(sql`'{}'::text[]`),
    contactName: text("contact_name"),
    email: text("email"),
    phone: text("phone"),
    alternatePhone: text("alternate_phone"),
    addressLine1: text("address_line_1"),
    addressLine2: text("address_line_2"),
    city: text("city"),
    stateCode: text("state_code"),
    zipcode: text("zipcode"),
    legalName: text("legal_name"),
    taxClassification: text("tax_classification"),
    /** Sealed (secret-box "v1:..."): never plain, never answered. */
    taxpayerIdSealed: text("taxpayer_id_sealed"),
    taxpayerIdLast4: text("taxpayer_id_last4"),
    eligible1099: boolean("eligible_1099").notNull().default(false),
    insuranceProvider: text("insurance_provider"),
    insurancePolicyNumber: text("insurance_policy_number"),
    /** A civil date in the organization's time zone. */
    insuranceExpiresOn: date("insurance_expires_on", { mode: "string" }),
    defaultExpenseAccountId: integer("default_expense_account_id"),
    notes: text("notes"),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      columns: [t.organizationId, t.defaultExpenseAccountId],
      foreignColumns: [ledgerAccounts.organizationId, ledgerAccounts.id],
    }),
    // One index per grid sort key (decision 005): a sorted page is a range of one of them.
    index("vendors_org_name_idx").on(t.organizationId, t.name, t.id),
    index("vendors_org_contact_name_idx").on(t.organizationId, t.contactName, t.id),
    index("vendors_org_email_idx").on(t.organizationId, t.email, t.id),
    index("vendors_org_phone_idx").on(t.organizationId, t.phone, t.id),
    index("vendors_org_city_idx").on(t.organizationId, t.city, t.id),
    index("vendors_org_insurance_expires_idx").on(t.organizationId, t.insuranceExpiresOn, t.id),
    index("vendors_org_eligible_1099_idx").on(t.organizationId, t.eligible1099, t.id),
    index("vendors_org_tax_classification_idx").on(t.organizationId, t.taxClassification, t.id),
    index("vendors_org_created_idx").on(t.organizationId, t.createdDate, t.id),
    index("vendors_org_modified_idx").on(t.organizationId, t.lastModifiedDate, t.id),
    check("vendors_name_check", sql`length(trim(name)) > 0`),
    check("vendors_trades_check", sql`trades <@ array[${inList(TRADES)}]::text[]`),
    check(
      "vendors_tax_classification_check",
      sql`tax_classification is null or tax_classification in (${inList(TAX_CLASSIFICATIONS)})`,
    ),
    check("vendors_taxpayer_id_sealed_check", sql`taxpayer_id_sealed is null or taxpayer_id_sealed like 'v1:%'`),
    check(
      "vendors_taxpayer_id_last4_check",
      sql`(taxpayer_id_sealed is null) = (taxpayer_id_last4 is null) and (taxpayer_id_last4 is null or taxpayer_id_last4 ~ '^[0-9]{4}$')`,
    ),
    tenantPolicy(),
  ],
);
