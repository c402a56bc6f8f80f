import { z } from "zod";
import { BANK_ACCOUNT_KINDS } from "./bank-accounts.ts";
import { civilDateSchema } from "./civil-date.ts";
import { ENTRY_SOURCES, MAX_LINE_CENTS } from "./ledger.ts";
import { formatCents } from "./money.ts";

/**
 * A bank account reconciled to its statement (issue 29 item 3, decision 042): the statement's end
 * date and ending balance against what the books cleared, the live difference, the bank's lines
 * matched to the books' items, and once the difference is zero, completed and locked.
 */
export const RECONCILIATION_STATUSES = ["in_progress", "completed"] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];
export const RECONCILIATION_STATUS_LABELS: Record<ReconciliationStatus, string> = {
  in_progress: "In progress",
  completed: "Completed",
};
/** Days either side of a bank line's date within which a book item of its amount is matched to it. */
export const MATCH_DAYS = 7;
/** Book items offered at most, oldest first (an account reconciled monthly has far fewer). */
export const RECONCILIATION_ITEMS_LIMIT = 5000;

export const reconciliationMessages = {
  notFound: "Reconciliation not found",
  bankAccount: "Choose an active bank account",
  endDate: "Enter the statement's end date",
  endDateAfterLast: (last: string) => `The statement must end after the last one reconciled, ${last}`,
  balance: "Enter the statement's ending balance in dollars and cents",
  inProgress: "This bank account has a reconciliation in progress: finish or cancel it first",
  completed: "This reconciliation is completed: its items are locked",
  notZero: (difference: number) => `The difference must be $0.00 to finish: it is ${formatCents(difference)}`,
  nothingToMatch: "Choose the bank lines and the books' items to match",
  unequal: (lines: number, items: number) =>
    `The bank lines come to ${formatCents(lines)} and the books' items to ${formatCents(items)}: they must be equal`,
  lineTaken: "A bank line chosen is already matched, or is not this account's up to the statement's end",
  itemTaken: "An item chosen is already matched or reconciled, or is not in this bank account",
  itemMatched: "This item is matched to a bank line: undo the match to untick it",
  matchNotFound: "Match not found",
  adjustmentAccount: "Choose the account the bank line is posted to (Bank Fees, Other Income...)",
  adjustmentProperty: "Choose the property this money belongs to",
  trustProperty: "Trust money always belongs to a property: choose the property this bank line is for",
  scopedUser: "Bank reconciliations are done by users of every property",
} as const;

export const reconciliationIdParamsSchema = z.object({ id: z.uuid({ error: reconciliationMessages.notFound }) });
export const reconciliationMatchParamsSchema = reconciliationIdParamsSchema.extend({
  matchId: z.uuid({ error: reconciliationMessages.matchNotFound }),
});

const cents = (message: string) =>
  z.number({ error: message }).int(message).min(-MAX_LINE_CENTS, message).max(MAX_LINE_CENTS, message);

/** POST /reconciliations: start one; it begins where the account's last completed one ended. */
export const createReconciliationSchema = z.object({
  bank_account_id: z.uuid({ error: reconciliationMessages.bankAccount }),
  statement_end_date: civilDateSchema(reconciliationMessages.endDate),
  statement_balance_cents: cents(reconciliationMessages.balance),
});
export type CreateReconciliation = z.infer<typeof createReconciliationSchema>;

export const reconciliationsQuerySchema = z.object({ bank_account_id: z.uuid().optional() });

const idList = z.array(z.number().int().positive()).max(RECONCILIATION_ITEMS_LIMIT).default([]);

/** POST /reconciliations/{id}/matches: bank lines and book items whose sums are equal, cleared together. */
export const createMatchSchema = z.object({ statement_line_ids: idList, entry_ids: idList });
export type CreateMatch = z.infer<typeof createMatchSchema>;

/** POST /reconciliations/{id}/cleared: items ticked (cleared) or unticked. */
export const setClearedSchema = z.object({
  entry_ids: z.array(z.number().int().positive()).min(1).max(RECONCILIATION_ITEMS_LIMIT),
  cleared: z.boolean(),
});
export type SetCleared = z.infer<typeof setClearedSchema>;

/** POST /reconciliations/{id}/adjustments: a bank line the books lack (a fee, interest), posted and matched. */
export const createAdjustmentSchema = z.object({
  statement_line_id: z.number().int().positive(),
  account_id: z.number({ error: reconciliationMessages.adjustmentAccount }).int().positive(),
  /** The property whose money it is: required on a trust account, where no money is nobody's. */
  property_id: z.uuid({ error: reconciliationMessages.adjustmentProperty }).nullish(),
  memo: z.string().trim().max(500).default(""),
});
export type CreateAdjustment = z.infer<typeof createAdjustmentSchema>;

export const reconciliationSchema = z.object({
  id: z.uuid(),
  bank_account: z.object({ id: z.uuid(), name: z.string(), kind: z.enum(BANK_ACCOUNT_KINDS) }),
  statement_end_date: z.string(),
  statement_balance_cents: z.number().int(),
  beginning_balance_cents: z.number().int(),
  /** The beginning balance and every item cleared. */
  cleared_balance_cents: z.number().int(),
  /** The statement's balance less the cleared balance: zero to complete. */
  difference_cents: z.number().int(),
  cleared_count: z.number().int(),
  status: z.enum(RECONCILIATION_STATUSES),
  created_at: z.string(),
  created_by: z.string().nullable(),
  completed_at: z.string().nullable(),
  completed_by: z.string().nullable(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
export const reconciliationsSchema = z.object({ reconciliations: z.array(reconciliationSchema) });

/** A journal entry's money in (positive) or out of the bank account. */
export const reconciliationItemSchema = z.object({
  entry_id: z.number().int(),
  posted_on: z.string(),
  source: z.enum(ENTRY_SOURCES),
  memo: z.string(),
  amount_cents: z.number().int(),
  cleared: z.boolean(),
  match_id: z.uuid().nullable(),
});
export type ReconciliationItem = z.infer<typeof reconciliationItemSchema>;

export const reconciliationLineSchema = z.object({
  id: z.number().int(),
  posted_on: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  amount_cents: z.number().int(),
  match_id: z.uuid().nullable(),
});
export type ReconciliationLine = z.infer<typeof reconciliationLineSchema>;

/** GET /reconciliations/{id}: the reconciliation, the books' items and the bank's lines it offers or holds. */
export const reconciliationDetailSchema = z.object({
  reconciliation: reconciliationSchema,
  items: z.array(reconciliationItemSchema),
  lines: z.array(reconciliationLineSchema),
});
export type ReconciliationDetail = z.infer<typeof reconciliationDetailSchema>;

export const autoMatchResultSchema = z.object({ matched: z.number().int(), detail: reconciliationDetailSchema });
export type AutoMatchResult = z.infer<typeof autoMatchResultSchema>;
