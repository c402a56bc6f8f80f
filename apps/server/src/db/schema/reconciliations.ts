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
import { bankAccounts } from "./bank-accounts.ts";
import { bankStatementLines } from "./bank-statements.ts";
import { organizationId, tenantPolicy } from "./common.ts";
import { journalEntries } from "./ledger.ts";
import { organizations } from "./organizations.ts";

/**
 * A bank account reconciled to a statement (issue 29 item 3, decision 042): the statement's end date
 * and balance, the balance it starts from (the last completed one's), and whether it is finished.
 * A completed one is never changed again, nor are its items (trigger `bank_reconciliation_locked`).
 */
export const bankReconciliations = pgTable(
  "bank_reconciliations",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    bankAccountId: uuid("bank_account_id").notNull(),
    statementEndDate: date("statement_end_date", { mode: "string" }).notNull(),
    statementBalanceCents: bigint("statement_balance_cents", { mode: "number" }).notNull(),
    beginningBalanceCents: bigint("beginning_balance_cents", { mode: "number" }).notNull(),
    /** in_progress | completed */
    status: text("status").notNull().default("in_progress"),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    completedBy: integer("completed_by"),
    completedDate: timestamp("completed_date", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // One reconciliation at a time per account: the next starts where the last one ended.
    uniqueIndex("bank_reconciliations_in_progress_key")
      .on(t.organizationId, t.bankAccountId)
      .where(sql`status = 'in_progress'`),
    index("bank_reconciliations_account_idx").on(t.organizationId, t.bankAccountId, t.statementEndDate),
    foreignKey({
      columns: [t.organizationId, t.bankAccountId],
      foreignColumns: [bankAccounts.organizationId, bankAccounts.id],
    }),
    check("bank_reconciliations_status_check", sql`status in ('in_progress', 'completed')`),
    check("bank_reconciliations_completed_check", sql`(status = 'completed') = (completed_date is not null)`),
    tenantPolicy(),
  ],
);

/**
 * A journal entry's money in or out of a bank account, cleared by a reconciliation: once per account
 * (the key), so an item a completed reconciliation cleared is never offered again. `match_id` groups
 * it with the statement lines it was matched to.
 */
export const bankReconciliationItems = pgTable(
  "bank_reconciliation_items",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    bankAccountId: uuid("bank_account_id").notNull(),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    reconciliationId: uuid("reconciliation_id").notNull(),
    /** The entry's lines on the account's cash, summed when cleared (a posted entry never changes). */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    matchId: uuid("match_id"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.bankAccountId, t.entryId] }),
    index("bank_reconciliation_items_reconciliation_idx").on(t.organizationId, t.reconciliationId),
    foreignKey({
      columns: [t.organizationId, t.reconciliationId],
      foreignColumns: [bankReconciliations.organizationId, bankReconciliations.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.entryId],
      foreignColumns: [journalEntries.organizationId, journalEntries.id],
    }),
    tenantPolicy(),
  ],
);

/** A statement line matched in a reconciliation, once ever (the key), with the items it matched. */
export const bankReconciliationLines = pgTable(
  "bank_reconciliation_lines",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    lineId: bigint("line_id", { mode: "number" }).notNull(),
    reconciliationId: uuid("reconciliation_id").notNull(),
    matchId: uuid("match_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.lineId] }),
    index("bank_reconciliation_lines_reconciliation_idx").on(t.organizationId, t.reconciliationId, t.matchId),
    foreignKey({
      columns: [t.organizationId, t.reconciliationId],
      foreignColumns: [bankReconciliations.organizationId, bankReconciliations.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.lineId],
      foreignColumns: [bankStatementLines.organizationId, bankStatementLines.id],
    }),
    tenantPolicy(),
  ],
);
