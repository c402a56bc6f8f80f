import { z } from "zod";

/**
 * The books' diagnostics (issue 29 item 7, decision 039): what a trust-accounting auditor checks
 * first, read from the maintained balances. Each problem says what is wrong, by how much, and what
 * to open to look at it.
 */
export const DIAGNOSTIC_CODES = [
  "negative_trust_cash",
  "negative_owner_trust_cash",
  "trust_cash_of_no_property",
  "trust_cash_without_owner",
  "deposits_not_in_escrow",
  "clearing_not_zero",
  "receivables_not_tenants",
  "deposits_not_on_leases",
  "unbalanced_period",
] as const;
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export const diagnosticProblemSchema = z.object({
  code: z.enum(DIAGNOSTIC_CODES),
  message: z.string(),
  /** The amount the check found off, in cents (what is negative or the difference). */
  amount_cents: z.number().int(),
  /** What to open: a property, an account, or a month of the books. */
  property: z.object({ id: z.string(), name: z.string() }).nullable(),
  account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  /** An owner whose share of their properties' trust cash is below zero. */
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  period_start: z.string().nullable(),
});
export type DiagnosticProblem = z.infer<typeof diagnosticProblemSchema>;

export const diagnosticsSchema = z.object({
  checked_at: z.string(),
  problems: z.array(diagnosticProblemSchema),
});
export type Diagnostics = z.infer<typeof diagnosticsSchema>;

/** GET /api/v1/diagnostics/nightly: the last nightly check's findings, or null before the first. */
export const nightlyDiagnosticsSchema = z.object({ last: diagnosticsSchema.nullable() });
export type NightlyDiagnostics = z.infer<typeof nightlyDiagnosticsSchema>;

/** The notice the nightly check leaves administrators while it finds problems. */
export const booksProblemsNotice = (count: number) => ({
  title:
    count === 1
      ? "The nightly check found a problem in the books"
      : `The nightly check found ${count} problems in the books`,
  body: "Open Accounting > General Ledger > Diagnostics to see each one and what to open.",
});
