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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { auditColumns, organizationId, tenantPolicy } from "./common.ts";
import { ledgerAccounts } from "./ledger.ts";
import { organizations } from "./organizations.ts";
import { properties } from "./properties.ts";

/**
 * The organization's bank accounts (issue 29 item 2, decision 038): operating, trust or
 * security-deposit escrow, each the bank side of one cash account of the ledger (its balance is
 * that account's). Only the last four digits of the account number are kept; the routing number is
 * the bank's, public. Retired, never deleted: the ledger's lines name its cash account.
 */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    /** operating | trust | escrow */
    kind: text("kind").notNull(),
    ledgerAccountId: integer("ledger_account_id").notNull(),
    bankName: text("bank_name"),
    accountLast4: text("account_last4"),
    routingNumber: text("routing_number"),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // A cash account is one bank account's: two would share one balance.
    uniqueIndex("bank_accounts_org_ledger_account_key").on(t.organizationId, t.ledgerAccountId),
    uniqueIndex("bank_accounts_org_name_key").on(t.organizationId, sql`lower(${t.name})`),
    foreignKey({
      columns: [t.organizationId, t.ledgerAccountId],
      foreignColumns: [ledgerAccounts.organizationId, ledgerAccounts.id],
    }),
    check("bank_accounts_kind_check", sql`kind in ('operating', 'trust', 'escrow')`),
    check("bank_accounts_name_check", sql`length(trim(name)) between 1 and 100`),
    check("bank_accounts_bank_name_check", sql`bank_name is null or length(bank_name) <= 100`),
    check("bank_accounts_last4_check", sql`account_last4 is null or account_last4 ~ '^[0-9]{4}$'`),
    check("bank_accounts_routing_check", sql`routing_number is null or routing_number ~ '^[0-9]{9}$'`),
    tenantPolicy(),
  ],
);

/**
 * A bank deposit (issue 29 item 2, decision 038): receipts taken out of Undeposited Funds into one
 * bank account on one day, as one line of the bank statement. Its entry (D the account's cash,
 * C undeposited funds, per property) is posted with it, keyed by the request; the receipts name it
 * (`lease_payments.deposit_id`). Never changed or deleted, only voided (decision 038).
 */
export const bankDeposits = pgTable(
  "bank_deposits",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    bankAccountId: uuid("bank_account_id").notNull(),
    depositedOn: date("deposited_on", { mode: "string" }).notNull(),
    memo: text("memo").notNull().default(""),
    totalCents: bigint("total_cents", { mode: "number" }).notNull(),
    receipts: integer("receipts").notNull(),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    /** Voided: its entry reversed by this one and its receipts back in Undeposited Funds. */
    voidEntryId: bigint("void_entry_id", { mode: "number" }),
    voidedBy: integer("voided_by"),
    voidedDate: timestamp("voided_date", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    check("bank_deposits_void_check", sql`(void_entry_id is null) = (voided_date is null)`),
    uniqueIndex("bank_deposits_entry_key").on(t.organizationId, t.entryId),
    index("bank_deposits_org_date_idx").on(t.organizationId, t.depositedOn, t.id),
    foreignKey({
      columns: [t.organizationId, t.bankAccountId],
      foreignColumns: [bankAccounts.organizationId, bankAccounts.id],
    }),
    check("bank_deposits_total_check", sql`total_cents > 0 and receipts > 0`),
    check("bank_deposits_memo_check", sql`length(memo) <= 500`),
    tenantPolicy(),
  ],
);

/**
 * Which bank account keeps a property's money, per kind (its trust account, its deposits' escrow
 * account, its operating account): one per property and kind (decision 038, "Properties
 * assigned"). Deposits of the property's receipts go there, refunds come out of it.
 */
export const bankAccountProperties = pgTable(
  "bank_account_properties",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id").notNull(),
    /** The bank account's kind, kept here so a property has one account of each. */
    kind: text("kind").notNull(),
    bankAccountId: uuid("bank_account_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.propertyId, t.kind] }),
    index("bank_account_properties_account_idx").on(t.organizationId, t.bankAccountId),
    foreignKey({
      columns: [t.organizationId, t.bankAccountId],
      foreignColumns: [bankAccounts.organizationId, bankAccounts.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    check("bank_account_properties_kind_check", sql`kind in ('operating', 'trust', 'escrow')`),
    tenantPolicy(),
  ],
);
