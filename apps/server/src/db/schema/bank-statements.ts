import { sql } from "drizzle-orm";
import {
  bigint,
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
import { organizations } from "./organizations.ts";

/**
 * One import of a bank statement file into a bank account (issue 29 item 3, decision 041): what the
 * file held and how many of its lines were new. Kept as the record of who imported what.
 */
export const bankStatementImports = pgTable(
  "bank_statement_imports",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    bankAccountId: uuid("bank_account_id").notNull(),
    fileName: text("file_name").notNull(),
    /** csv | ofx */
    format: text("format").notNull(),
    fileSha256: text("file_sha256").notNull(),
    firstDate: date("first_date", { mode: "string" }),
    lastDate: date("last_date", { mode: "string" }),
    linesInFile: integer("lines_in_file").notNull(),
    linesAdded: integer("lines_added").notNull().default(0),
    /**
     * importing | done: a large file is kept in the background (a durable job, job_id) and counts
     * its lines as it goes; lines_matched are those matched to the account's open reconciliation.
     */
    status: text("status").notNull().default("done"),
    linesDone: integer("lines_done").notNull().default(0),
    linesMatched: integer("lines_matched").notNull().default(0),
    jobId: uuid("job_id"),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("bank_statement_imports_account_idx").on(t.organizationId, t.bankAccountId, t.createdDate),
    foreignKey({
      columns: [t.organizationId, t.bankAccountId],
      foreignColumns: [bankAccounts.organizationId, bankAccounts.id],
    }),
    check("bank_statement_imports_format_check", sql`format in ('csv', 'ofx')`),
    check("bank_statement_imports_counts_check", sql`lines_added between 0 and lines_in_file`),
    check("bank_statement_imports_status_check", sql`status in ('importing', 'done')`),
    check("bank_statement_imports_done_check", sql`lines_done between 0 and lines_in_file`),
    tenantPolicy(),
  ],
);

/**
 * A line of a bank statement: money in positive, out negative, as the bank posted it. Its
 * fingerprint (the bank's FITID, else its date, amount, text and place among identical lines of its
 * file) is unique per account, so importing a file again, or one that overlaps, adds nothing twice.
 */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().notNull(),
    bankAccountId: uuid("bank_account_id").notNull(),
    importId: uuid("import_id").notNull(),
    postedOn: date("posted_on", { mode: "string" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    description: text("description").notNull(),
    reference: text("reference"),
    fingerprint: text("fingerprint").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("bank_statement_lines_fingerprint_key").on(t.organizationId, t.bankAccountId, t.fingerprint),
    index("bank_statement_lines_account_date_idx").on(t.organizationId, t.bankAccountId, t.postedOn, t.id),
    foreignKey({
      columns: [t.organizationId, t.bankAccountId],
      foreignColumns: [bankAccounts.organizationId, bankAccounts.id],
    }),
    foreignKey({
      columns: [t.organizationId, t.importId],
      foreignColumns: [bankStatementImports.organizationId, bankStatementImports.id],
    }),
    check("bank_statement_lines_amount_check", sql`amount_cents <> 0`),
    check(
      "bank_statement_lines_text_check",
      sql`length(description) <= 500 and length(coalesce(reference, '')) <= 100`,
    ),
    tenantPolicy(),
  ],
);

/** The CSV columns of a bank account's statements, kept from its last CSV import (decision 041). */
export const bankStatementMappings = pgTable(
  "bank_statement_mappings",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    bankAccountId: uuid("bank_account_id").notNull(),
    mapping: jsonb("mapping").notNull(),
    updatedBy: integer("updated_by"),
    updatedDate: timestamp("updated_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.bankAccountId] }),
    foreignKey({
      columns: [t.organizationId, t.bankAccountId],
      foreignColumns: [bankAccounts.organizationId, bankAccounts.id],
    }),
    tenantPolicy(),
  ],
);
