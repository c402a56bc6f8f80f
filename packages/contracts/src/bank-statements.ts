import { z } from "zod";

/**
 * Bank statements imported into a bank account (issue 29 item 3, decision 041): the bank's own lines,
 * from a CSV export (columns mapped once per account and kept) or an OFX/QFX file, each line kept once
 * however often a file is imported, to be reconciled against the books.
 */
export const STATEMENT_FORMATS = ["csv", "ofx"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;
export const STATEMENT_MAX_LINES = 100_000;
/**
 * A file of more lines than this is kept in the background (a durable job): the request answers 202
 * at once and the import shows its progress. A month of most accounts is far fewer, kept at once.
 */
export const STATEMENT_INLINE_LINES = 2_000;
export const STATEMENT_IMPORT_STATUSES = ["importing", "done", "failed"] as const;
export type StatementImportStatus = (typeof STATEMENT_IMPORT_STATUSES)[number];

/** How a CSV's dates are written: 10/02/2026 (US), 02/10/2026, or 2026-10-02. */
export const DATE_ORDERS = ["MDY", "DMY", "YMD"] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  MDY: "Month/Day/Year (10/31/2026)",
  DMY: "Day/Month/Year (31/10/2026)",
  YMD: "Year-Month-Day (2026-10-31)",
};

export const statementMessages = {
  fileRequired: "Choose the statement file (CSV, OFX or QFX)",
  tooLarge: "A statement file is at most 10 MB: export a shorter period",
  incomplete: "The file did not arrive whole: try again",
  unsupported: "This is not a CSV, OFX or QFX file",
  noLines: "No transactions were found in this file",
  tooManyLines: `A statement file holds at most ${STATEMENT_MAX_LINES.toLocaleString("en-US")} transactions: export a shorter period`,
  mappingRequired: "Choose which columns hold the date, the description and the amount",
  column: "Choose a column of this file",
  amountColumns: "Choose the amount column, or the columns of money out and money in",
  dateOrder: "Choose how the dates are written",
  badDate: (row: number, value: string) => `Row ${row}: "${value}" is not a date in the order chosen`,
  badAmount: (row: number, value: string) => `Row ${row}: "${value}" is not an amount`,
  ofxBadDate: (n: number) => `Transaction ${n} of the file has no posting date`,
  ofxBadAmount: (n: number, value: string) => `Transaction ${n} of the file has an amount that is not one: "${value}"`,
  scopedUser: "Bank statements are read by users of every property",
} as const;

const column = z.string({ error: statementMessages.column }).trim().min(1, statementMessages.column).max(200);
const optionalColumn = z
  .string({ error: statementMessages.column })
  .trim()
  .max(200)
  .nullish()
  .transform((v) => v || null);

/**
 * Which column of a bank's CSV holds what, by header. Money is either one signed amount column
 * (money in positive) or a column of money out and one of money in, as many banks export.
 */
export const statementMappingSchema = z
  .object({
    date_column: column,
    description_column: column,
    amount_column: optionalColumn,
    debit_column: optionalColumn,
    credit_column: optionalColumn,
    reference_column: optionalColumn,
    date_order: z.enum(DATE_ORDERS, { error: statementMessages.dateOrder }),
  })
  .superRefine((m, ctx) => {
    if (!m.amount_column && !m.debit_column && !m.credit_column) {
      ctx.addIssue({ code: "custom", path: ["amount_column"], message: statementMessages.amountColumns });
    }
  });
export type StatementMapping = z.infer<typeof statementMappingSchema>;

/** One bank line as read from a file, before it is kept: money in positive, money out negative. */
export const parsedStatementLineSchema = z.object({
  posted_on: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  amount_cents: z.number().int(),
});
export type ParsedStatementLine = z.infer<typeof parsedStatementLineSchema>;

/**
 * POST /bank-accounts/{id}/statement-previews: what a file holds before it is imported. A CSV shows
 * its columns and first rows with the mapping kept for this account (else one guessed from the
 * headers); `lines` are the first ones read with it, empty while the mapping does not read the file.
 */
export const statementPreviewSchema = z.object({
  format: z.enum(STATEMENT_FORMATS),
  file_name: z.string(),
  columns: z.array(z.string()),
  sample_rows: z.array(z.array(z.string())),
  mapping: z
    .object({
      date_column: z.string(),
      description_column: z.string(),
      amount_column: z.string().nullable(),
      debit_column: z.string().nullable(),
      credit_column: z.string().nullable(),
      reference_column: z.string().nullable(),
      date_order: z.enum(DATE_ORDERS),
    })
    .nullable(),
  /** The mapping is the one kept from this account's last CSV import. */
  mapping_saved: z.boolean(),
  line_count: z.number().int(),
  lines: z.array(parsedStatementLineSchema),
  /** Why the mapping does not read the file (its first problem), else null. */
  problem: z.string().nullable(),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  in_cents: z.number().int(),
  out_cents: z.number().int(),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const statementImportSchema = z.object({
  id: z.string(),
  bank_account_id: z.string(),
  file_name: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  first_date: z.string().nullable(),
  last_date: z.string().nullable(),
  /** Transactions in the file. */
  lines_in_file: z.number().int(),
  /** Of those, the ones not kept before (by this or an earlier import). */
  lines_added: z.number().int(),
  /** Importing while a large file is kept in the background; failed when its job gave up (error says why). */
  status: z.enum(STATEMENT_IMPORT_STATUSES),
  /** Lines of the file read so far (all of them once done). */
  lines_done: z.number().int(),
  /** Bank lines matched, as the import ended, to the account's reconciliation in progress (one clear partner each). */
  lines_matched: z.number().int(),
  error: z.string().nullable(),
  imported_by: z.string().nullable(),
  imported_at: z.string(),
});
export type StatementImport = z.infer<typeof statementImportSchema>;
export const statementImportsSchema = z.object({ imports: z.array(statementImportSchema) });

export const statementLineSchema = z.object({
  id: z.number().int(),
  posted_on: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  amount_cents: z.number().int(),
  import_id: z.string(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;
export const STATEMENT_LINES_PAGE = 500;
export const statementLinesSchema = z.object({
  lines: z.array(statementLineSchema),
  total_count: z.number().int(),
});

/** The multipart form's text fields of an import or preview: a CSV's mapping, as sent. */
export const STATEMENT_MAPPING_FIELDS = [
  "date_column",
  "description_column",
  "amount_column",
  "debit_column",
  "credit_column",
  "reference_column",
  "date_order",
] as const;
