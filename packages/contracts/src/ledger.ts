import { z } from "zod";
import { civilDateSchema, isCivilDate, monthName } from "./civil-date.ts";
import { jobFields } from "./jobs.ts";
import { REPORT_FORMATS } from "./reports.ts";

/**
 * The organization's double-entry ledger (issue 27, decision 027). Amounts are integer cents end to
 * end, in fields named *_cents; a line is a debit or a credit, never both; dates are civil dates
 * (YYYY-MM-DD) of the organization's time zone.
 */

export const ACCOUNT_TYPES = ["asset", "liability", "equity", "income", "expense"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  asset: "Asset",
  liability: "Liability",
  equity: "Equity",
  income: "Income",
  expense: "Expense",
};

/** Debit-normal accounts grow with debits; the others with credits. */
export const normalBalanceOf = (type: AccountType) =>
  type === "asset" || type === "expense" ? ("debit" as const) : ("credit" as const);

/**
 * The system accounts of the seed chart, by the role code posts to (never by number: an
 * organization may renumber or rename them).
 */
export const LEDGER_ROLES = [
  "operating_cash",
  "trust_cash",
  "deposit_escrow_cash",
  "undeposited_funds",
  "accounts_receivable",
  "owner_receivable",
  "accounts_payable",
  "security_deposits_held",
  "other_deposits_held",
  "prepaid_rent",
  "owner_funds_held",
  "clearing",
  "owner_contributions",
  "owner_distributions",
  "retained_earnings",
  "opening_balance_equity",
  "rent_income",
  "parking_income",
  "pet_rent_income",
  "utility_income",
  "other_income",
  "late_fee_income",
  "nsf_fee_income",
  "concessions",
  "management_fees",
] as const;
export type LedgerRole = (typeof LEDGER_ROLES)[number];

/** Largest amount on one line: ten billion dollars. Sums of lines stay far inside exact integers. */
export const MAX_LINE_CENTS = 1_000_000_000_000;
export const MAX_ENTRY_LINES = 500;
export const ENTRY_SOURCES = [
  "manual",
  "reversal",
  "recurring_charge",
  "late_fee",
  // Move-in's first charges (decision 029).
  "move_in",
  // The tenant ledger's postings (decision 030).
  "charge",
  "payment",
  "payment_return",
  "nsf_fee",
  "credit",
  "refund",
  "prepaid_application",
  // Move-out: final charges, the deposit applied and refunded (decision 032).
  "move_out",
  // Receipts taken from Undeposited Funds into a bank account, money moved between two (decision 038).
  "bank_deposit",
  "bank_transfer",
  // A bank's own line (a fee, interest) posted from a reconciliation (decision 042).
  "bank_adjustment",
  // Accounts payable (decision 043).
  "bill",
  "vendor_credit",
  "bill_payment",
  // Owners (decision 044).
  "management_fee",
  "owner_distribution",
  "owner_contribution",
] as const;

export type EntrySource = (typeof ENTRY_SOURCES)[number];
/** Entries of a document that keeps its own state: undone by voiding the document, never reversed alone. */
export const DOCUMENT_SOURCES: readonly EntrySource[] = [
  "bank_deposit",
  "bill",
  "vendor_credit",
  "bill_payment",
  "management_fee",
  "owner_distribution",
  "owner_contribution",
];
/** What each kind of entry is called on screen. */
export const ENTRY_SOURCE_LABELS: Record<EntrySource, string> = {
  manual: "Journal entry",
  reversal: "Reversal",
  recurring_charge: "Recurring charge",
  late_fee: "Late fee",
  move_in: "Move-in",
  charge: "Charge",
  payment: "Payment",
  payment_return: "Returned payment",
  nsf_fee: "NSF fee",
  credit: "Credit",
  refund: "Refund",
  prepaid_application: "Prepayment applied",
  move_out: "Move-out",
  bank_deposit: "Bank deposit",
  bank_transfer: "Bank transfer",
  bank_adjustment: "Bank line",
  bill: "Bill",
  vendor_credit: "Vendor credit",
  bill_payment: "Bill payment",
  management_fee: "Management fee",
  owner_distribution: "Owner distribution",
  owner_contribution: "Owner contribution",
};

export const ledgerMessages = {
  cents: "Amounts are whole cents: an integer from 0 to 1000000000000",
  oneSide: "A line is a debit or a credit: give one amount above zero, the other 0",
  linesRequired: "An entry needs two lines or more",
  tooManyLines: `An entry has at most ${MAX_ENTRY_LINES} lines`,
  unbalanced: (debits: number, credits: number) =>
    `Debits (${debits} cents) and credits (${credits} cents) must be equal`,
  idempotencyKey: "Send a request key of 1 to 100 letters, digits, dots, colons, dashes or underscores",
  keyReused: "This request key was already used for another entry",
  linesInvalid: "Some lines of the entry are not valid",
  accountUnknown: "There is no such account in your chart of accounts",
  accountInactive: "This account is retired: choose another",
  propertyUnknown: "There is no such property",
  unitUnknown: "There is no such unit in this property",
  unitNeedsProperty: "Name the unit's property too",
  entryNotFound: "Journal entry not found",
  alreadyReversed: "This entry was already reversed",
  depositNotReversed: "This is a bank deposit: its receipts are in it, so its entry is not reversed on its own",
  payableNotReversed: "This is a vendor's bill, credit or payment: void it from Bills, so its balance follows",
  periodNotFound: "Accounting period not found",
  periodExists: (starts: string) => `${monthName(starts)} already has an accounting period`,
  periodStart: "An accounting period starts on the first day of a month (YYYY-MM-01)",
  periodNotEnded: (ends: string) => `This period can be closed once it has ended, after ${ends}`,
  cursor: "Not a page cursor from this list",
  dateRange: "The first date must not be after the last",
  memo: "A memo is at most 500 characters",
  accountNotFound: "Account not found",
  accountCode: "Give a code of 1 to 20 letters, digits, dots or dashes, starting with a letter or digit",
  accountCodeTaken: (code: string) => `Account ${code} already exists: choose another code`,
  accountName: "Give the account a name of 1 to 100 characters",
  accountType: "Choose asset, liability, equity, income or expense",
  systemAccountKept: "Keyholder posts to this system account: it can be renamed or renumbered, not retired or deleted",
  systemAccountType: "The type of a system account cannot change",
  accountTypeUsed: "This account has postings or recurring charges: its type can no longer change",
  accountInUse: (charges: number) =>
    `${charges} recurring ${charges === 1 ? "charge posts" : "charges post"} to this account: end or move ${charges === 1 ? "it" : "them"} before retiring it`,
  accountHasPostings:
    "This account has postings or recurring charges, which stay in the books: retire it instead of deleting it",
  periodReopened: (starts: string) => `${monthName(starts)} is open again`,
  accountRequired: "Choose an account",
  amountRequired: "Enter a debit or a credit",
} as const;

const cents = z
  .number({ error: ledgerMessages.cents })
  .int(ledgerMessages.cents)
  .min(0, ledgerMessages.cents)
  .max(MAX_LINE_CENTS, ledgerMessages.cents);

const id = z.number().int().positive();
const memo = z.string().trim().max(500, ledgerMessages.memo);

export const ledgerAccountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  normal_balance: z.enum(["debit", "credit"]),
  role: z.enum(LEDGER_ROLES).nullable(),
  /** Its lines with a lease make that lease's balance. */
  lease_ledger: z.boolean(),
  is_active: z.boolean(),
  /** Debits minus credits of every posting so far (negative: a credit balance). */
  balance_cents: z.number().int(),
});
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;
export const ledgerAccountsSchema = z.object({ accounts: z.array(ledgerAccountSchema) });
export const accountIdParamsSchema = z.object({
  id: z.coerce.number({ error: ledgerMessages.accountNotFound }).int().positive().max(2_147_483_647),
});

const accountCode = z
  .string({ error: ledgerMessages.accountCode })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/, ledgerMessages.accountCode);
const accountName = z
  .string({ error: ledgerMessages.accountName })
  .trim()
  .min(1, ledgerMessages.accountName)
  .max(100, ledgerMessages.accountName);
const accountType = z.enum(ACCOUNT_TYPES, { error: ledgerMessages.accountType });

/** POST /ledger/accounts: an account of the organization's own (no role: code never posts to it by itself). */
export const createAccountSchema = z.object({ code: accountCode, name: accountName, type: accountType });
export type CreateAccount = z.infer<typeof createAccountSchema>;

/** PATCH /ledger/accounts/{id}: rename, renumber, retire or bring back; the type while nothing uses it. */
export const updateAccountSchema = z.object({
  code: accountCode.optional(),
  name: accountName.optional(),
  type: accountType.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateAccount = z.infer<typeof updateAccountSchema>;

export const journalLineInputSchema = z
  .object({
    account_id: id,
    debit_cents: cents.default(0),
    credit_cents: cents.default(0),
    property_id: z.uuid().nullish(),
    unit_id: id.nullish(),
    lease_id: z.uuid().nullish(),
    tenant_id: z.uuid().nullish(),
    memo: memo.nullish(),
  })
  .refine((l) => l.debit_cents > 0 !== l.credit_cents > 0, { message: ledgerMessages.oneSide, path: ["debit_cents"] });
export type JournalLineInput = z.infer<typeof journalLineInputSchema>;

/** POST /journal-entries: a manual journal entry. The request key makes a retried request post once. */
export const postEntrySchema = z
  .object({
    posted_on: civilDateSchema(),
    memo: memo.default(""),
    idempotency_key: z
      .string({ error: ledgerMessages.idempotencyKey })
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, ledgerMessages.idempotencyKey),
    lines: z
      .array(journalLineInputSchema, { error: ledgerMessages.linesRequired })
      .min(2, ledgerMessages.linesRequired)
      .max(MAX_ENTRY_LINES, ledgerMessages.tooManyLines),
  })
  .superRefine((entry, ctx) => {
    const debits = entry.lines.reduce((sum, l) => sum + l.debit_cents, 0);
    const credits = entry.lines.reduce((sum, l) => sum + l.credit_cents, 0);
    if (debits !== credits)
      ctx.addIssue({ code: "custom", path: ["lines"], message: ledgerMessages.unbalanced(debits, credits) });
  });
export type PostEntry = z.infer<typeof postEntrySchema>;

export const journalLineSchema = z.object({
  line_no: z.number().int(),
  account_id: z.number().int(),
  account_code: z.string(),
  account_name: z.string(),
  debit_cents: z.number().int(),
  credit_cents: z.number().int(),
  property_id: z.string().nullable(),
  unit_id: z.number().int().nullable(),
  lease_id: z.string().nullable(),
  tenant_id: z.string().nullable(),
  /** The vendor of a bill's, a credit's or a payment's line (decision 043). */
  vendor_id: z.string().nullable(),
  /** The owner of a distribution's or contribution's line (decision 044). */
  owner_id: z.string().nullable(),
  memo: z.string().nullable(),
});

export const journalEntrySchema = z.object({
  id: z.number().int(),
  posted_on: z.string(),
  memo: z.string(),
  source: z.enum(ENTRY_SOURCES),
  idempotency_key: z.string(),
  /** The entry this one reverses, and the entry that reversed this one. */
  reverses_entry_id: z.number().int().nullable(),
  reversed_by_entry_id: z.number().int().nullable(),
  property_id: z.string().nullable(),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The sum of its debits (equal to the sum of its credits). */
  total_cents: z.number().int(),
  lines: z.array(journalLineSchema),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const ENTRIES_PAGE_MAX = 200;
const cursorPattern = /^\d{4}-\d{2}-\d{2}\.\d{1,18}$/;

/** GET /journal-entries: newest first, a page at a time (keyset: the cursor is the last entry's date and id). */
export const entriesQuerySchema = z
  .object({
    from: civilDateSchema().optional(),
    to: civilDateSchema().optional(),
    account_id: z.coerce.number().int().positive().optional(),
    property_id: z.uuid().optional(),
    lease_id: z.uuid().optional(),
    source: z.enum(ENTRY_SOURCES).optional(),
    cursor: z
      .string()
      .regex(cursorPattern, ledgerMessages.cursor)
      .refine((c) => isCivilDate(c.slice(0, 10)), ledgerMessages.cursor)
      .optional(),
    limit: z.coerce.number().int().min(1).max(ENTRIES_PAGE_MAX).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: ledgerMessages.dateRange, path: ["from"] });
export type EntriesQuery = z.infer<typeof entriesQuerySchema>;

export const entriesPageSchema = z.object({
  entries: z.array(journalEntrySchema),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});

export const entryIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** POST /journal-entries/{id}/reverse. Without a date: the original's, or today's when its period is closed. */
export const reverseEntrySchema = z.object({
  posted_on: civilDateSchema().optional(),
  memo: memo.optional(),
});

export const trialBalanceQuerySchema = z.object({
  /** The organization's today when left out. */
  as_of: civilDateSchema().optional(),
  format: z.enum(REPORT_FORMATS).default("json"),
});
export const trialBalanceSchema = z.object({
  as_of: z.string(),
  /** Accounts with a balance on that day: debit-balance accounts in debit_cents, the others in credit_cents. */
  rows: z.array(
    z.object({
      account_id: z.number().int(),
      code: z.string(),
      name: z.string(),
      type: z.enum(ACCOUNT_TYPES),
      debit_cents: z.number().int(),
      credit_cents: z.number().int(),
    }),
  ),
  total_debit_cents: z.number().int(),
  total_credit_cents: z.number().int(),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

export const PERIOD_STATUSES = ["open", "closed"] as const;
export const accountingPeriodSchema = z.object({
  id: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  status: z.enum(PERIOD_STATUSES),
  closed_at: z.string().nullable(),
  closed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type AccountingPeriod = z.infer<typeof accountingPeriodSchema>;
export const accountingPeriodsSchema = z.object({ periods: z.array(accountingPeriodSchema) });
export const createAccountingPeriodSchema = z.object({
  starts_on: civilDateSchema(ledgerMessages.periodStart).refine((d) => d.endsWith("-01"), ledgerMessages.periodStart),
});
export const periodIdParamsSchema = z.object({ id: z.uuid({ error: ledgerMessages.periodNotFound }) });

/** How far ahead a charge run may post: a month (a typo of a year would post years of rent). */
export const CHARGE_RUN_MAX_DAYS_AHEAD = 31;
export const chargeRunMessages = {
  through: "Run charges through a date (YYYY-MM-DD)",
  tooFar: (latest: string) => `Charges can be run at most ${CHARGE_RUN_MAX_DAYS_AHEAD} days ahead, through ${latest}`,
  notFound: "Charge run not found",
} as const;

/** POST /charge-runs: post every recurring charge and late fee due on or before `through`, each once. */
export const chargeRunRequestSchema = z.object({ through: civilDateSchema(chargeRunMessages.through) });

export const chargeRunSchema = z.object({
  ...jobFields,
  through: z.string(),
  trigger: z.enum(["schedule", "request"]),
  progress: z.object({
    /** charges, then late_fees */
    phase: z.enum(["charges", "late_fees", "done"]),
    /** Recurring charges with a month due when the run began, and how many it has gone through. */
    charges_total: z.number().int(),
    charges_done: z.number().int(),
  }),
  /** What it posted so far (final when finished). */
  posted: z.object({
    charges: z.number().int(),
    charges_cents: z.number().int(),
    late_fees: z.number().int(),
    late_fees_cents: z.number().int(),
    /** Due in a closed accounting period, so not posted (each later run tries them again). */
    skipped_closed_periods: z.number().int(),
  }),
});
export type ChargeRun = z.infer<typeof chargeRunSchema>;
export const chargeRunsSchema = z.object({ runs: z.array(chargeRunSchema) });
