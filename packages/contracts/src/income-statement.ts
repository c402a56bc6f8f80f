import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { REPORT_FORMATS } from "./reports.ts";

/**
 * The income statement (Accounting > P&L; issue 30 item 3): income and expenses by account for
 * whole months, on the accrual basis (as posted) or the cash basis (charges when tenants paid them,
 * decision 044's kept cash basis), for the whole organization, a property or an owner's
 * properties, with the period just before beside it.
 */
export const REPORT_BASES = ["accrual", "cash"] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];
export const reportBasisLabels: Record<ReportBasis, string> = { accrual: "Accrual", cash: "Cash" };

export const incomeStatementMessages = {
  period: "The period is whole months: from a month's first day to a month's last day",
  tooLong: "The period is at most 36 months",
  property: "Choose a property of the organization",
  owner: "Choose an owner",
};

export const MAX_STATEMENT_MONTHS = 36;

export const incomeStatementQuerySchema = z.object({
  /** The month to date's month when left out. */
  period_start: civilDateSchema().optional(),
  period_end: civilDateSchema().optional(),
  basis: z.enum(REPORT_BASES).default("accrual"),
  property_id: z.uuid({ error: incomeStatementMessages.property }).optional(),
  owner_id: z.uuid({ error: incomeStatementMessages.owner }).optional(),
  format: z.enum(REPORT_FORMATS).default("json"),
});
export type IncomeStatementQuery = z.infer<typeof incomeStatementQuerySchema>;

export const incomeStatementRowSchema = z.object({
  account: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    type: z.enum(["income", "expense"]),
  }),
  /** Income as earned (credits less debits), expenses as spent (debits less credits). */
  amount_cents: z.number().int(),
  prior_cents: z.number().int(),
});
export type IncomeStatementRow = z.infer<typeof incomeStatementRowSchema>;

export const incomeStatementSchema = z.object({
  period_start: z.string(),
  period_end: z.string(),
  prior_start: z.string(),
  prior_end: z.string(),
  basis: z.enum(REPORT_BASES),
  property: z.object({ id: z.string(), name: z.string() }).nullable(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  rows: z.array(incomeStatementRowSchema),
  income_cents: z.number().int(),
  prior_income_cents: z.number().int(),
  expenses_cents: z.number().int(),
  prior_expenses_cents: z.number().int(),
  net_income_cents: z.number().int(),
  prior_net_income_cents: z.number().int(),
});
export type IncomeStatement = z.infer<typeof incomeStatementSchema>;
