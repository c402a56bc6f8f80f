import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bankAccounts } from "./bank-accounts.ts";
import { organizationId, tenantPolicy } from "./common.ts";
import { journalEntries, ledgerAccounts } from "./ledger.ts";
import { organizations } from "./organizations.ts";
import { properties } from "./properties.ts";

/**
 * A vendor's bill, or a credit the vendor gave (issue 29 item 4, decision 043): posted once when
 * entered (D its lines' expense accounts, C accounts payable per property; a credit the other way)
 * and never changed; voided by a reversal. `applied_cents` is what payments (and, for a credit,
 * the payments it went into) took of it, kept by the payment's transaction.
 */
export const bills = pgTable(
  "bills",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    /** bill | credit */
    kind: text("kind").notNull().default("bill"),
    /** No foreign key: a vendor deleted keeps its bills (decision 035); the name is kept with them. */
    vendorId: uuid("vendor_id").notNull(),
    vendorName: text("vendor_name").notNull(),
    billDate: date("bill_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** The vendor's invoice or credit memo number: once per vendor. */
    reference: text("reference"),
    memo: text("memo").notNull().default(""),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    appliedCents: bigint("applied_cents", { mode: "number" }).notNull().default(0),
    maintenanceRequestId: uuid("maintenance_request_id"),
    /** The one property all its lines are of, else null (the company's, or several: users of all properties'). */
    propertyId: uuid("property_id"),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    voidEntryId: bigint("void_entry_id", { mode: "number" }),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("bills_entry_key").on(t.organizationId, t.entryId),
    uniqueIndex("bills_vendor_reference_key")
      .on(t.organizationId, t.vendorId, t.kind, sql`lower(reference)`)
      .where(sql`reference is not null and void_entry_id is null`),
    index("bills_org_date_idx").on(t.organizationId, t.billDate, t.id),
    // Unpaid bills, oldest due first (what to pay, what a distribution holds back).
    index("bills_open_idx")
      .on(t.organizationId, t.vendorId, t.dueDate)
      .where(sql`applied_cents < total_cents and void_entry_id is null`),
    foreignKey({
      columns: [t.organizationId, t.entryId],
      foreignColumns: [journalEntries.organizationId, journalEntries.id],
    }),
    check("bills_kind_check", sql`kind in ('bill', 'credit')`),
    check("bills_amounts_check", sql`total_cents > 0 and applied_cents between 0 and total_cents`),
    check("bills_dates_check", sql`due_date >= bill_date`),
    tenantPolicy(),
  ],
);

/** A line of a bill: an expense account, whose property (and unit) it is, and how much. */
export const billLines = pgTable(
  "bill_lines",
  {
    organizationId: organizationId(),
    billId: uuid("bill_id").notNull(),
    lineNo: smallint("line_no").notNull(),
    accountId: integer("account_id").notNull(),
    propertyId: uuid("property_id"),
    unitId: bigint("unit_id", { mode: "number" }),
    description: text("description").notNull().default(""),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** The maintenance cost billed by this line: billed once. */
    maintenanceCostId: uuid("maintenance_cost_id"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.billId, t.lineNo] }),
    // Not unique: a cost on a bill voided may be billed again (create-bill.ts checks the bills in force).
    index("bill_lines_maintenance_cost_idx")
      .on(t.organizationId, t.maintenanceCostId)
      .where(sql`maintenance_cost_id is not null`),
    index("bill_lines_property_idx").on(t.organizationId, t.propertyId).where(sql`property_id is not null`),
    foreignKey({
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [ledgerAccounts.organizationId, ledgerAccounts.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }),
    check("bill_lines_amount_check", sql`amount_cents > 0`),
    tenantPolicy(),
  ],
);

/**
 * Money paid to a vendor from a bank account, by check, ACH, card or otherwise, for bills (less
 * the credits used with it): one entry (D accounts payable, C the account's cash, per property).
 */
export const billPayments = pgTable(
  "bill_payments",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    vendorId: uuid("vendor_id").notNull(),
    vendorName: text("vendor_name").notNull(),
    bankAccountId: uuid("bank_account_id").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    /** check | ach | card | cash | other (card payments are left out of 1099s). */
    method: text("method").notNull(),
    /** The check number or ACH trace: a check number once per bank account. */
    reference: text("reference"),
    memo: text("memo").notNull().default(""),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    /** The one property all its bills are of, else null. */
    propertyId: uuid("property_id"),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    /** Voided: its entry reversed by this one, what it took of its bills given back (decision 043). */
    voidEntryId: bigint("void_entry_id", { mode: "number" }),
    voidedBy: integer("voided_by"),
    voidedDate: timestamp("voided_date", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    check("bill_payments_void_check", sql`(void_entry_id is null) = (voided_date is null)`),
    uniqueIndex("bill_payments_entry_key").on(t.organizationId, t.entryId),
    uniqueIndex("bill_payments_key").on(t.organizationId, t.idempotencyKey),
    uniqueIndex("bill_payments_check_key")
      .on(t.organizationId, t.bankAccountId, t.reference)
      .where(sql`method = 'check' and reference is not null and void_entry_id is null`),
    index("bill_payments_org_date_idx").on(t.organizationId, t.paidOn, t.id),
    index("bill_payments_vendor_idx").on(t.organizationId, t.vendorId, t.paidOn),
    foreignKey({
      columns: [t.organizationId, t.bankAccountId],
      foreignColumns: [bankAccounts.organizationId, bankAccounts.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.entryId],
      foreignColumns: [journalEntries.organizationId, journalEntries.id],
    }),
    check("bill_payments_method_check", sql`method in ('check', 'ach', 'card', 'cash', 'other')`),
    check("bill_payments_total_check", sql`total_cents > 0`),
    tenantPolicy(),
  ],
);

/** What a payment took of each bill or credit, per property (each property's money stays its own). */
export const billPaymentApplications = pgTable(
  "bill_payment_applications",
  {
    organizationId: organizationId(),
    paymentId: uuid("payment_id").notNull(),
    billId: uuid("bill_id").notNull(),
    /** The bill's lines' property; the nil uuid stands for the company's own (no property). */
    propertyKey: uuid("property_key").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.paymentId, t.billId, t.propertyKey] }),
    index("bill_payment_applications_bill_idx").on(t.organizationId, t.billId),
    foreignKey({
      columns: [t.organizationId, t.paymentId],
      foreignColumns: [billPayments.organizationId, billPayments.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.billId],
      foreignColumns: [bills.organizationId, bills.id],
    }),
    check("bill_payment_applications_amount_check", sql`amount_cents > 0`),
    tenantPolicy(),
  ],
);
