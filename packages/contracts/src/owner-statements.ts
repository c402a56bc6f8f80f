import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { REPORT_FORMATS } from "./reports.ts";

/**
 * An owner's statement for whole months (issue 29 item 5's owners, issue 30 item 3's report): for
 * each property they own, its trust cash at the start, the income collected, the expenses, the
 * management fees, contributions and distributions, what else moved the cash, its trust cash at the
 * end, what is held back and why, and what is available; the owner's share of it (decision 044).
 */
export const ownerStatementMessages = {
  period: "A statement is for whole months: from a month's first day to a month's last day",
  owner: "Choose an owner",
  notFound: "Owner not found",
  scopedUser: "Owner statements are for users of all properties",
};

export const ownerStatementQuerySchema = z.object({
  owner_id: z.uuid({ error: ownerStatementMessages.owner }),
  /** The month just closed when left out. */
  period_start: civilDateSchema().optional(),
  period_end: civilDateSchema().optional(),
  format: z.enum(REPORT_FORMATS).default("json"),
});
export type OwnerStatementQuery = z.infer<typeof ownerStatementQuerySchema>;

const named = z.object({ id: z.string(), name: z.string() });
const accountAmount = z.object({
  account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  amount_cents: z.number().int(),
});

export const ownerStatementPropertySchema = z.object({
  property: named,
  /** The owner's share at the period's end (or their last day in it). */
  share_bp: z.number().int(),
  beginning_cash_cents: z.number().int(),
  /** Collected: charges when tenants paid them, other income when posted. */
  income: z.array(accountAmount),
  income_cents: z.number().int(),
  expenses: z.array(accountAmount),
  expenses_cents: z.number().int(),
  management_fees_cents: z.number().int(),
  contributions_cents: z.number().int(),
  distributions_cents: z.number().int(),
  /** What else moved the trust cash: receipts not deposited yet, deposits held, bills owed or paid. */
  other_cents: z.number().int(),
  ending_cash_cents: z.number().int(),
  reserve_cents: z.number().int(),
  deposits_held_cents: z.number().int(),
  prepaid_rent_cents: z.number().int(),
  unpaid_bills_cents: z.number().int(),
  available_cents: z.number().int(),
  /** The owner's part of what is available, by the shares (as a distribution shares it). */
  owner_available_cents: z.number().int(),
});
export type OwnerStatementProperty = z.infer<typeof ownerStatementPropertySchema>;

export const ownerStatementSchema = z.object({
  owner: named,
  period_start: z.string(),
  period_end: z.string(),
  properties: z.array(ownerStatementPropertySchema),
  owner_available_cents: z.number().int(),
});
export type OwnerStatement = z.infer<typeof ownerStatementSchema>;

/** The statement's lines as read down a property's column, for the screen and the CSV alike. */
export function statementLines(p: OwnerStatementProperty): { label: string; amount_cents: number; total?: true }[] {
  return [
    { label: "Beginning cash", amount_cents: p.beginning_cash_cents, total: true },
    ...p.income.map((i) => ({ label: `${i.account.code} ${i.account.name}`, amount_cents: i.amount_cents })),
    { label: "Income collected", amount_cents: p.income_cents, total: true },
    ...p.expenses.map((e) => ({ label: `${e.account.code} ${e.account.name}`, amount_cents: -e.amount_cents })),
    { label: "Expenses", amount_cents: -p.expenses_cents, total: true },
    { label: "Management fees", amount_cents: -p.management_fees_cents },
    { label: "Owner contributions", amount_cents: p.contributions_cents },
    { label: "Owner distributions", amount_cents: -p.distributions_cents },
    { label: "Other changes in cash", amount_cents: p.other_cents },
    { label: "Ending cash", amount_cents: p.ending_cash_cents, total: true },
    { label: "Reserve kept", amount_cents: -p.reserve_cents },
    { label: "Security deposits held", amount_cents: -p.deposits_held_cents },
    { label: "Rent paid ahead", amount_cents: -p.prepaid_rent_cents },
    { label: "Bills unpaid", amount_cents: -p.unpaid_bills_cents },
    { label: "Available", amount_cents: p.available_cents, total: true },
  ];
}
