import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { REPORT_FORMATS } from "./reports.ts";

/**
 * The income statement (Accounting > P&L; issue 30 item 3): income and expenses by account for
 * whole months, on the accrual basis (as posted) or the cash basis (charges when tenants paid them,
 * decision 044's kept cash basis), for the whole organization, a property or an owner's
 * properties, with the period just before beside it; its amounts also side by side by month, by
 * year (twelve months from the period's start), by property or by owner.
 */
export const REPORT_BASES = ["accrual", "cash"] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];
export const reportBasisLabels: Record<ReportBasis, string> = { accrual: "Accrual", cash: "Cash" };

export const incomeStatementMessages = {
  period: "The period is whole months: from a month's first day to a month's last day",
  tooLong: "The period is at most 36 months",
  property: "Choose a property of the organization",
  owner: "Choose an owner",
  tooManyColumns: (what: string) =>
    `More than ${MAX_STATEMENT_COLUMNS} ${what} have amounts in this period: choose an owner, or set it out by month or year`,
};

export const MAX_STATEMENT_MONTHS = 36;
/** At most this many properties or owners side by side: more is no longer a statement one reads across. */
export const MAX_STATEMENT_COLUMNS = 60;

/** What the amounts are set out by: the period alone, or columns of it. */
export const STATEMENT_COLUMNS = ["period", "month", "year", "property", "owner"] as const;
export type StatementColumns = (typeof STATEMENT_COLUMNS)[number];
export const statementColumnsLabels: Record<StatementColumns, string> = {
  period: "The period",
  month: "By month",
  year: "By year",
  property: "By property",
  owner: "By owner",
};

export const incomeStatementQuerySchema = z.object({
  /** The month to date's month when left out. */
  period_start: civilDateSchema().optional(),
  period_end: civilDateSchema().optional(),
  basis: z.enum(REPORT_BASES).default("accrual"),
  property_id: z.uuid({ error: incomeStatementMessages.property }).optional(),
  owner_id: z.uuid({ error: incomeStatementMessages.owner }).optional(),
  columns: z.enum(STATEMENT_COLUMNS).default("period"),
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
  /** The period's amount in each of the statement's columns (none when set out by the period alone). */
  columns_cents: z.array(z.number().int()),
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
  columns: z.enum(STATEMENT_COLUMNS),
  /**
   * The columns, in order: a month or year (its first and last day), a property, an owner (their
   * properties' whole amounts, so a property of two owners is in both), or the lines of no property.
   */
  column_heads: z.array(
    z.object({
      label: z.string(),
      start: z.string().nullable(),
      end: z.string().nullable(),
      property: z.object({ id: z.string(), name: z.string() }).nullable(),
      owner: z.object({ id: z.string(), name: z.string() }).nullable(),
    }),
  ),
  rows: z.array(incomeStatementRowSchema),
  /** Total income, expenses and net income in each column. */
  column_totals: z.object({
    income_cents: z.array(z.number().int()),
    expenses_cents: z.array(z.number().int()),
    net_income_cents: z.array(z.number().int()),
  }),
  income_cents: z.number().int(),
  prior_income_cents: z.number().int(),
  expenses_cents: z.number().int(),
  prior_expenses_cents: z.number().int(),
  net_income_cents: z.number().int(),
  prior_net_income_cents: z.number().int(),
});
export type IncomeStatement = z.infer<typeof incomeStatementSchema>;
