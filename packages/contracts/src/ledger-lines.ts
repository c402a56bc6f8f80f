import { z } from "zod";
import { declareColumns, sortKeysOf } from "./columns.ts";
import { ENTRY_SOURCES } from "./ledger.ts";
import { listQuerySchema } from "./list-query.ts";

/**
 * Accounting > Transactions (issue 29, item 1; decision 040): every journal line of the books on the
 * shared grid, with its entry's date, number and kind, its account and the records it names. A line
 * is a debit or a credit, shown in the column of its side.
 */

export const LEDGER_LINES_PAGE_SIZE = 2000;

/** A line's key is its entry's id times this plus its line number (journal_lines.line_key, migration 0059). */
export const LINE_KEY_FACTOR = 32768;
export const entryIdOfLineKey = (key: string) => Math.floor(Number(key) / LINE_KEY_FACTOR);

const ENTRY = "Entry";
const ACCOUNT = "Account";
const RECORDS = "Property and Lease";
const PARTIES = "Vendor and Owner";
const AMOUNT = "Amount";

export const LEDGER_LINE_COLUMNS = declareColumns({
  posted_on: { label: "Date", type: "date", sortKey: "l.posted_on", category: ENTRY },
  entry_id: { label: "Entry No", type: "number", sortKey: "l.entry_id", category: ENTRY },
  source: { label: "Type", type: "text", sortKey: "e.source", category: ENTRY },
  account_code: { label: "Account No", type: "text", sortKey: "a.code", category: ACCOUNT },
  account_name: { label: "Account", type: "text", sortKey: "a.name", category: ACCOUNT },
  property_name: { label: "Property", type: "text", sortKey: "p.name", category: RECORDS },
  unit_number: { label: "Unit", type: "text", sortKey: "u.unit_number", category: RECORDS },
  lease_no: { label: "Lease No", type: "number", sortKey: "le.lease_no", category: RECORDS },
  tenant_name: { label: "Tenant", type: "text", sortKey: "t.name", category: RECORDS },
  vendor_name: { label: "Vendor", type: "text", sortKey: "v.name", category: PARTIES },
  owner_name: { label: "Owner", type: "text", sortKey: "o.name", category: PARTIES },
  memo: { label: "Memo", type: "text", sortKey: "memo", category: ENTRY },
  debit_cents: { label: "Debit", type: "number", sortKey: "debit", category: AMOUNT },
  credit_cents: { label: "Credit", type: "number", sortKey: "credit", category: AMOUNT },
});
export const LEDGER_LINE_SORT_KEYS = sortKeysOf(LEDGER_LINE_COLUMNS);

/** Newest first, as a register reads. */
export const ledgerLinesQuerySchema = listQuerySchema({
  columns: LEDGER_LINE_COLUMNS,
  defaultSort: "l.posted_on",
  defaultDirection: "desc",
  maxLimit: LEDGER_LINES_PAGE_SIZE,
});
export type LedgerLinesQuery = z.infer<typeof ledgerLinesQuerySchema>;

export const ledgerLineRowSchema = z.object({
  /** The line's key (its entry's id and line number as one number), which pages continue after. */
  key: z.string(),
  entry_id: z.number().int(),
  line_no: z.number().int(),
  posted_on: z.string(),
  source: z.enum(ENTRY_SOURCES),
  account_id: z.number().int(),
  account_code: z.string(),
  account_name: z.string(),
  property_id: z.string().nullable(),
  property_name: z.string().nullable(),
  unit_id: z.number().int().nullable(),
  unit_number: z.string().nullable(),
  lease_id: z.string().nullable(),
  lease_no: z.number().int().nullable(),
  tenant_id: z.string().nullable(),
  tenant_name: z.string().nullable(),
  vendor_id: z.string().nullable(),
  vendor_name: z.string().nullable(),
  owner_id: z.string().nullable(),
  owner_name: z.string().nullable(),
  /** The line's own memo, else its entry's. */
  memo: z.string(),
  debit_cents: z.number().int(),
  credit_cents: z.number().int(),
});
export type LedgerLineRow = z.infer<typeof ledgerLineRowSchema>;

export const ledgerLinesPageSchema = z.object({
  lines: z.array(ledgerLineRowSchema),
  offset: z.number().int(),
  count: z.number().int(),
  total_count: z.number().int(),
});

export const ledgerLineMessages = {
  loadFailed: "The transactions could not be loaded. Try again.",
  emptyTitle: "No transactions yet",
  emptyText: "Rent charged, payments received and journal entries appear here, one line per account.",
  noMatch: "No transactions match the filters.",
};
