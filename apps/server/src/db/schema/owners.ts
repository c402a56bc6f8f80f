import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bankAccounts } from "./bank-accounts.ts";
import { organizationId, tenantPolicy } from "./common.ts";
import { journalEntries } from "./ledger.ts";
import { organizations } from "./organizations.ts";
import { properties } from "./properties.ts";

/**
 * The people and companies whose properties the organization manages (issue 29 item 5, decision
 * 044), with their W-9 details as vendors' (the taxpayer id sealed, its last four digits plain).
 */
export const owners = pgTable(
  "owners",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    /** person | company */
    kind: text("kind").notNull().default("person"),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    legalName: text("legal_name"),
    taxClassification: text("tax_classification"),
    taxpayerIdSealed: text("taxpayer_id_sealed"),
    taxpayerIdLast4: text("taxpayer_id_last4"),
    eligible1099: boolean("eligible_1099").notNull().default(true),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("owners_org_name_key").on(t.organizationId, sql`lower(name)`),
    check("owners_kind_check", sql`kind in ('person', 'company')`),
    tenantPolicy(),
  ],
);

/**
 * Who owns a property from a day (to a day): shares in hundredths of a percent (10,000 is all of
 * it). A property's shares are replaced whole from a day and add up to 100% on every day (decision 044).
 */
export const propertyOwnerships = pgTable(
  "property_ownerships",
  {
    organizationId: organizationId(),
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id").notNull(),
    ownerId: uuid("owner_id").notNull(),
    shareBp: integer("share_bp").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("property_ownerships_property_idx").on(t.organizationId, t.propertyId, t.startsOn),
    index("property_ownerships_owner_idx").on(t.organizationId, t.ownerId),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    foreignKey({ columns: [t.organizationId, t.ownerId], foreignColumns: [owners.organizationId, owners.id] }),
    check("property_ownerships_share_check", sql`share_bp between 1 and 10000`),
    check("property_ownerships_dates_check", sql`ends_on is null or ends_on >= starts_on`),
    tenantPolicy(),
  ],
);

/**
 * How the organization is paid for managing a property from a day (to a day): a percent of the
 * income on chosen accounts, flat amounts per property and per unit, a minimum; and the reserve
 * kept in the property's trust cash. One at a time per property (exclusion constraint).
 */
export const managementAgreements = pgTable(
  "management_agreements",
  {
    organizationId: organizationId(),
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
    feePercentBp: integer("fee_percent_bp").notNull().default(0),
    feeAccountIds: integer("fee_account_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** Income collected (cash) or posted (accrual) on those accounts; agreements before it were posted. */
    feeBasis: text("fee_basis").notNull().default("collected"),
    flatPerPropertyCents: bigint("flat_per_property_cents", { mode: "number" }).notNull().default(0),
    flatPerUnitCents: bigint("flat_per_unit_cents", { mode: "number" }).notNull().default(0),
    minimumCents: bigint("minimum_cents", { mode: "number" }).notNull().default(0),
    reserveCents: bigint("reserve_cents", { mode: "number" }).notNull().default(0),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("management_agreements_property_idx").on(t.organizationId, t.propertyId, t.startsOn),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    check(
      "management_agreements_amounts_check",
      sql`fee_percent_bp between 0 and 10000 and flat_per_property_cents >= 0 and flat_per_unit_cents >= 0
        and minimum_cents >= 0 and reserve_cents >= 0`,
    ),
    check("management_agreements_basis_check", sql`fee_basis in ('collected', 'posted')`),
    check("management_agreements_dates_check", sql`ends_on is null or ends_on >= starts_on`),
    tenantPolicy(),
  ],
);

/** A property's management fee for a period, posted once: periods of one property never overlap. */
export const managementFees = pgTable(
  "management_fees",
  {
    organizationId: organizationId(),
    id: uuid("id").notNull().defaultRandom(),
    runId: uuid("run_id").notNull(),
    propertyId: uuid("property_id").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    incomeCents: bigint("income_cents", { mode: "number" }).notNull(),
    feeCents: bigint("fee_cents", { mode: "number" }).notNull(),
    entryId: bigint("entry_id", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("management_fees_run_idx").on(t.organizationId, t.runId),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.entryId],
      foreignColumns: [journalEntries.organizationId, journalEntries.id],
    }),
    check("management_fees_amount_check", sql`fee_cents >= 0 and period_end >= period_start`),
    tenantPolicy(),
  ],
);

/**
 * A distribution run: what each owner was paid on a day from the trust bank account, per property
 * (their share of what each property had available, an owner's properties netted).
 */
export const ownerDistributions = pgTable(
  "owner_distributions",
  {
    organizationId: organizationId(),
    id: uuid("id").notNull().defaultRandom(),
    runId: uuid("run_id").notNull(),
    ownerId: uuid("owner_id").notNull(),
    bankAccountId: uuid("bank_account_id").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    /** The request's key: a retry answers the run made. */
    requestKey: text("request_key").notNull(),
    /** What was available per property and what was taken from each, as shown when it was paid. */
    detail: jsonb("detail").notNull(),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("owner_distributions_request_idx").on(t.organizationId, t.requestKey),
    uniqueIndex("owner_distributions_run_owner_key").on(t.organizationId, t.runId, t.ownerId),
    index("owner_distributions_owner_idx").on(t.organizationId, t.ownerId, t.paidOn),
    foreignKey({ columns: [t.organizationId, t.ownerId], foreignColumns: [owners.organizationId, owners.id] }),
    foreignKey({
      columns: [t.organizationId, t.bankAccountId],
      foreignColumns: [bankAccounts.organizationId, bankAccounts.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.entryId],
      foreignColumns: [journalEntries.organizationId, journalEntries.id],
    }),
    check("owner_distributions_amount_check", sql`amount_cents > 0`),
    tenantPolicy(),
  ],
);

/** Money an owner put into a property's trust cash (to cover its bills or its reserve). */
export const ownerContributions = pgTable(
  "owner_contributions",
  {
    organizationId: organizationId(),
    id: uuid("id").notNull().defaultRandom(),
    ownerId: uuid("owner_id").notNull(),
    propertyId: uuid("property_id").notNull(),
    bankAccountId: uuid("bank_account_id").notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    memo: text("memo").notNull().default(""),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("owner_contributions_entry_key").on(t.organizationId, t.entryId),
    index("owner_contributions_owner_idx").on(t.organizationId, t.ownerId, t.receivedOn),
    foreignKey({ columns: [t.organizationId, t.ownerId], foreignColumns: [owners.organizationId, owners.id] }),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.bankAccountId],
      foreignColumns: [bankAccounts.organizationId, bankAccounts.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.entryId],
      foreignColumns: [journalEntries.organizationId, journalEntries.id],
    }),
    check("owner_contributions_amount_check", sql`amount_cents > 0`),
    tenantPolicy(),
  ],
);
