import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";
import { properties, units } from "./properties.ts";

/*
 * The double-entry ledger (issue 27, decision 027). Amounts are signed integer cents: a debit is
 * positive, a credit negative, so an entry balances when its lines sum to zero. Triggers (migration
 * ledger) refuse an unbalanced or incomplete entry at the end of the statement that inserts it,
 * refuse any change to a posted entry, refuse a posting dated in a closed period, and keep the
 * balance tables below in the same transaction. The request role may read and insert entries, never
 * update or delete them, and may only read the balances.
 */

const org = () => organizationId().references(() => organizations.id, { onDelete: "cascade" });

/** Seed chart of accounts per organization (copied by a trigger when an organization is created). */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    organizationId: org(),
    id: integer("id").notNull().generatedByDefaultAsIdentity(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** asset | liability | equity | income | expense */
    type: text("type").notNull(),
    /** The system key code posts to (accounts_receivable, rent_income...); null for the organization's own accounts. */
    role: text("role"),
    /** Lines on it with a lease make that lease's balance (receivables and prepaid rent). */
    leaseLedger: boolean("lease_ledger").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("ledger_accounts_org_code_key").on(t.organizationId, t.code),
    uniqueIndex("ledger_accounts_org_role_key").on(t.organizationId, t.role).where(sql`role is not null`),
    check("ledger_accounts_type_check", sql`type in ('asset', 'liability', 'equity', 'income', 'expense')`),
    tenantPolicy(),
  ],
);

/** Calendar months, open or closed; a posting dated in a closed one is refused. */
export const accountingPeriods = pgTable(
  "accounting_periods",
  {
    organizationId: org(),
    id: uuid("id").notNull().defaultRandom(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    /** open | closed */
    status: text("status").notNull().default("open"),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "string" }),
    closedBy: integer("closed_by"),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("accounting_periods_org_start_key").on(t.organizationId, t.startsOn),
    check("accounting_periods_status_check", sql`status in ('open', 'closed')`),
    check(
      "accounting_periods_month_check",
      sql`starts_on = date_trunc('month', starts_on)::date and ends_on = (starts_on + interval '1 month' - interval '1 day')::date`,
    ),
    tenantPolicy(),
  ],
);

export const journalEntries = pgTable(
  "journal_entries",
  {
    organizationId: org(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    postedOn: date("posted_on", { mode: "string" }).notNull(),
    memo: text("memo").notNull().default(""),
    /** One of ENTRY_SOURCES (contracts/ledger): manual, reversal, recurring_charge, late_fee, move_in, and the tenant ledger's. */
    source: text("source").notNull(),
    /** Unique per organization, from the source: a retried request or a second job run posts nothing new. */
    idempotencyKey: text("idempotency_key").notNull(),
    reversesEntryId: bigint("reverses_entry_id", { mode: "number" }),
    /** The one property all its lines are of (checked with them); null for an entry of several properties or none. */
    propertyId: uuid("property_id"),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("journal_entries_org_key").on(t.organizationId, t.idempotencyKey),
    // An entry is reversed at most once.
    uniqueIndex("journal_entries_org_reverses_key")
      .on(t.organizationId, t.reversesEntryId)
      .where(sql`reverses_entry_id is not null`),
    index("journal_entries_org_posted_idx").on(t.organizationId, t.postedOn, t.id),
    foreignKey({
      columns: [t.organizationId, t.reversesEntryId],
      foreignColumns: [t.organizationId, t.id],
    }),
    check(
      "journal_entries_source_check",
      sql`source in ('manual', 'reversal', 'recurring_charge', 'late_fee', 'move_in', 'charge', 'payment', 'payment_return', 'nsf_fee', 'credit', 'refund', 'prepaid_application', 'move_out', 'bank_deposit', 'bank_transfer', 'bank_adjustment', 'bill', 'vendor_credit', 'bill_payment', 'management_fee', 'owner_distribution', 'owner_contribution')`,
    ),
    check("journal_entries_reversal_check", sql`(source = 'reversal') = (reverses_entry_id is not null)`),
    tenantPolicy(),
  ],
);

export const journalLines = pgTable(
  "journal_lines",
  {
    // Its organization is its entry's (the entry's key says so): no key of its own to check per line.
    organizationId: organizationId(),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    lineNo: smallint("line_no").notNull(),
    accountId: integer("account_id").notNull(),
    /** Debit positive, credit negative; never zero. */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** The entry's date, copied (checked equal by the statement trigger) for range scans by account and lease. */
    postedOn: date("posted_on", { mode: "string" }).notNull(),
    propertyId: uuid("property_id"),
    unitId: bigint("unit_id", { mode: "number" }),
    /** Leases and tenants are built on this ledger later (issue 27); their foreign keys come with them. */
    leaseId: uuid("lease_id"),
    tenantId: uuid("tenant_id"),
    /** The vendor of a bill, a credit or a payment's lines (decision 043); no key, as vendors' other references. */
    vendorId: uuid("vendor_id"),
    /** The owner of a distribution's or contribution's lines (decision 044). */
    ownerId: uuid("owner_id"),
    memo: text("memo"),
    /**
     * The line as one number (its entry's id and its place in it), the Transactions grid's row key:
     * the grid's pages are fetched by a key of one column (decision 040).
     */
    lineKey: bigint("line_key", { mode: "number" }).notNull().generatedAlwaysAs(sql`entry_id * 32768 + line_no`),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.entryId, t.lineNo] }),
    uniqueIndex("journal_lines_org_line_key").on(t.organizationId, t.lineKey),
    // Transactions by date, the grid's first order.
    index("journal_lines_org_posted_idx").on(t.organizationId, t.postedOn, t.lineKey),
    index("journal_lines_account_idx").on(t.organizationId, t.accountId, t.postedOn),
    index("journal_lines_lease_idx").on(t.organizationId, t.leaseId, t.postedOn).where(sql`lease_id is not null`),
    // The diagnostics' deposits held on no lease: the few such lines of an account, never all its lines.
    index("journal_lines_no_lease_idx").on(t.organizationId, t.accountId).where(sql`lease_id is null`),
    index("journal_lines_vendor_idx").on(t.organizationId, t.vendorId, t.postedOn).where(sql`vendor_id is not null`),
    index("journal_lines_property_idx")
      .on(t.organizationId, t.propertyId, t.postedOn)
      .where(sql`property_id is not null`),
    foreignKey({
      columns: [t.organizationId, t.entryId],
      foreignColumns: [journalEntries.organizationId, journalEntries.id],
    }).onDelete("cascade"),
    // Cascade: an account goes only with its organization (deleting its lines is otherwise refused).
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [ledgerAccounts.organizationId, ledgerAccounts.id],
    }).onDelete("cascade"),
    // The property is checked once per statement by the posting trigger (a key checked per line cost
    // a fifth of a charge run), and kept by ledger_property_balances' key to it. The unit likewise
    // (decision 033: its key, a lookup and a row lock per line, was a tenth of a charge-run batch):
    // the posting trigger checks and locks the statement's units once each, and a unit deleted
    // alone is refused while lines name it (trigger units_keep_postings, 409).
    check("journal_lines_amount_check", sql`amount_cents <> 0`),
    check("journal_lines_line_no_check", sql`line_no >= 1`),
    tenantPolicy(),
  ],
);

/** Debits and credits per account per month, organization-wide: the trial balance reads these. */
export const ledgerAccountBalances = pgTable(
  "ledger_account_balances",
  {
    organizationId: org(),
    accountId: integer("account_id").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    debitCents: bigint("debit_cents", { mode: "number" }).notNull().default(0),
    creditCents: bigint("credit_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.accountId, t.periodStart] }),
    index("ledger_account_balances_period_idx").on(t.organizationId, t.periodStart),
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [ledgerAccounts.organizationId, ledgerAccounts.id],
    }),
    tenantPolicy(),
  ],
);

/**
 * Debits and credits per account and day, maintained with the month rows (migration
 * ledger_day_balances): a balance as of a day inside a month adds that month's days up to it, a
 * month of a busy account being a million lines.
 */
export const ledgerAccountDayBalances = pgTable(
  "ledger_account_day_balances",
  {
    organizationId: org(),
    accountId: integer("account_id").notNull(),
    postedOn: date("posted_on", { mode: "string" }).notNull(),
    debitCents: bigint("debit_cents", { mode: "number" }).notNull().default(0),
    creditCents: bigint("credit_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.accountId, t.postedOn] }),
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [ledgerAccounts.organizationId, ledgerAccounts.id],
    }),
    tenantPolicy(),
  ],
);

/** The same per property (lines that carry one): property reports and users who work on some properties. */
export const ledgerPropertyBalances = pgTable(
  "ledger_property_balances",
  {
    organizationId: org(),
    propertyId: uuid("property_id").notNull(),
    accountId: integer("account_id").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    debitCents: bigint("debit_cents", { mode: "number" }).notNull().default(0),
    creditCents: bigint("credit_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.propertyId, t.accountId, t.periodStart] }),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [ledgerAccounts.organizationId, ledgerAccounts.id],
    }),
    tenantPolicy(),
  ],
);

/**
 * What turns a property's income and expense accounts from accrual to cash basis, per month
 * (decision 044, migration 0072 cash_basis): `receivable_cents` is what the account's lines of
 * entries through a lease's receivables said (credit less debit: charged, not yet cash), and
 * `collected_cents` what tenants' money (payments, their prepaid rent, a deposit applied at move-out)
 * paid of charges on the account, in the month it paid them, less what a returned payment took back.
 * Cash basis = the balances' credit less debit - receivable + collected. Kept by triggers on the
 * lines and the allocations in the posting's transaction.
 */
export const ledgerPropertyCashBasis = pgTable(
  "ledger_property_cash_basis",
  {
    organizationId: org(),
    propertyId: uuid("property_id").notNull(),
    accountId: integer("account_id").notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    receivableCents: bigint("receivable_cents", { mode: "number" }).notNull().default(0),
    collectedCents: bigint("collected_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.propertyId, t.accountId, t.periodStart] }),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [ledgerAccounts.organizationId, ledgerAccounts.id],
    }),
    tenantPolicy(),
  ],
);

/**
 * A lease's balance (its lines on lease-ledger accounts) and the deposits held for it (its lines on
 * the security and other deposit accounts, credit-normal), so a rent roll or deposit register never sums the ledger.
 */
export const leaseBalances = pgTable(
  "lease_balances",
  {
    organizationId: org(),
    leaseId: uuid("lease_id").notNull(),
    propertyId: uuid("property_id"),
    balanceCents: bigint("balance_cents", { mode: "number" }).notNull().default(0),
    securityDepositCents: bigint("security_deposit_cents", { mode: "number" }).notNull().default(0),
    otherDepositsCents: bigint("other_deposits_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.leaseId] }),
    // The leases grid sorts by balance (decision 029).
    index("lease_balances_org_balance_idx").on(t.organizationId, t.balanceCents, t.leaseId),
    // A report written in parts reads a batch of properties' leases (decision 048).
    index("lease_balances_property_idx").on(t.organizationId, t.propertyId),
    tenantPolicy(),
  ],
);

/**
 * What each month's lines added to a lease's balance and deposits (raw sums, debits positive), kept
 * as lines are posted (migration 0080), so a report of a past day takes the months since off the
 * kept figures and reads lines only for the rest of its own month, never a year of them.
 */
export const leaseMonthBalances = pgTable(
  "lease_month_balances",
  {
    organizationId: org(),
    leaseId: uuid("lease_id").notNull(),
    month: date("month", { mode: "string" }).notNull(),
    propertyId: uuid("property_id"),
    ledgerCents: bigint("ledger_cents", { mode: "number" }).notNull().default(0),
    securityDepositCents: bigint("security_deposit_cents", { mode: "number" }).notNull().default(0),
    otherDepositsCents: bigint("other_deposits_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.leaseId, t.month] }),
    index("lease_month_balances_property_idx").on(t.organizationId, t.propertyId, t.month),
    tenantPolicy(),
  ],
);

/**
 * What a lease is charged every month until it ends: the minimal shape the charge run needs
 * (issue 27 item 6); the leases area builds its screens and rules on it.
 */
export const recurringCharges = pgTable(
  "recurring_charges",
  {
    organizationId: org(),
    id: uuid("id").notNull().defaultRandom(),
    leaseId: uuid("lease_id").notNull(),
    propertyId: uuid("property_id").notNull(),
    unitId: bigint("unit_id", { mode: "number" }),
    tenantId: uuid("tenant_id"),
    /** The account credited (rent income, parking...); the debit is always the tenants' receivables. */
    accountId: integer("account_id").notNull(),
    /**
     * rent | parking | pet_rent | storage | utilities | other. A lease's rent has one amount on any
     * day: a change is a new row starting later, and overlapping rent rows are refused (exclusion
     * constraint, migration tenants_and_leases).
     */
    kind: text("kind").notNull().default("other"),
    description: text("description").notNull().default(""),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** monthly (the only one so far) */
    frequency: text("frequency").notNull().default("monthly"),
    /** Day of the month it is due; 31 means the month's last day. */
    dueDay: smallint("due_day").notNull().default(1),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    /** none | daily: a first or last month the lease covers in part is charged for its days. */
    proration: text("proration").notNull().default("none"),
    /** Late fee when the lease still owes at the end of the grace days: fixed cents plus a percent of the charge. */
    lateFeeCents: bigint("late_fee_cents", { mode: "number" }).notNull().default(0),
    lateFeePercent: numeric("late_fee_percent", { precision: 7, scale: 4 }).notNull().default("0"),
    graceDays: smallint("grace_days").notNull().default(5),
    /** A month's late fee is never more than this (the lease's late-fee maximum); null: no maximum. */
    lateFeeMaxCents: bigint("late_fee_max_cents", { mode: "number" }),
    /** The first month not yet charged: the charge run starts there, so a second run reads nothing. */
    nextPeriodStart: date("next_period_start", { mode: "string" }).notNull(),
    /** The first month whose late fee is not yet decided. */
    lateFeeNextPeriod: date("late_fee_next_period", { mode: "string" }).notNull(),
    /**
     * The earliest day its next month can be due (null once it has ended): the charge run reads only
     * the charges with this on or before its day, from an index, so a second run of a day reads none.
     */
    chargeFrom: date("charge_from", { mode: "string" }).generatedAlwaysAs(
      sql`case when end_date < next_period_start then null
        else least(next_period_start + (least(due_day, 28) - 1), coalesce(end_date, 'infinity'::date)) end`,
    ),
    /** The earliest day the next late fee can be decided: its month's earliest due day after the grace days. */
    lateFeeFrom: date("late_fee_from", { mode: "string" }).generatedAlwaysAs(
      sql`case when (late_fee_cents = 0 and late_fee_percent = 0) or end_date < late_fee_next_period then null
        else least(late_fee_next_period + (least(due_day, 28) - 1), coalesce(end_date, 'infinity'::date)) + (grace_days + 1) end`,
    ),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("recurring_charges_due_idx").on(t.organizationId, t.chargeFrom),
    index("recurring_charges_late_fee_idx").on(t.organizationId, t.lateFeeFrom),
    index("recurring_charges_lease_idx").on(t.organizationId, t.leaseId),
    // The charge run's order: a batch is the charges of a few properties, so it updates a few
    // per-property balance rows rather than one per property of the organization (decision 033).
    index("recurring_charges_run_order_idx").on(t.organizationId, t.propertyId, t.id),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }),
    foreignKey({ columns: [t.organizationId, t.unitId], foreignColumns: [units.organizationId, units.unitId] }),
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [ledgerAccounts.organizationId, ledgerAccounts.id],
    }),
    check("recurring_charges_amount_check", sql`amount_cents > 0`),
    check(
      "recurring_charges_kind_check",
      sql`kind in ('rent', 'parking', 'pet_rent', 'storage', 'utilities', 'other')`,
    ),
    check("recurring_charges_frequency_check", sql`frequency = 'monthly'`),
    check("recurring_charges_due_day_check", sql`due_day between 1 and 31`),
    check("recurring_charges_dates_check", sql`end_date is null or end_date >= start_date`),
    check("recurring_charges_proration_check", sql`proration in ('none', 'daily')`),
    check(
      "recurring_charges_late_fee_check",
      sql`late_fee_cents >= 0 and late_fee_percent >= 0 and late_fee_percent <= 100 and grace_days between 0 and 60`,
    ),
    tenantPolicy(),
  ],
);
