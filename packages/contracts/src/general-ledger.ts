import { z } from "zod";
import { ACCOUNT_TYPES } from "./ledger.ts";
import { reportSpanQuery } from "./report-span.ts";

/**
 * General ledger detail (Reports > Financial; issue 30 item 3): each account's lines from one day
 * to another, between its balance at the start and at the end, with the running balance; an
 * account or all of them, a property or all.
 */
export const generalLedgerMessages = {
  account: "Choose an account of the chart of accounts",
  tooLarge: (max: number) =>
    `More than ${max.toLocaleString("en-US")} lines at once: choose an account, a property or fewer days.`,
};

/** The month to date when left out; an account or all. */
export const generalLedgerQuerySchema = reportSpanQuery({
  account_id: z.coerce
    .number({ error: generalLedgerMessages.account })
    .int(generalLedgerMessages.account)
    .positive(generalLedgerMessages.account)
    .optional(),
});
export type GeneralLedgerQuery = z.infer<typeof generalLedgerQuerySchema>;

export const generalLedgerLineSchema = z.object({
  entry_id: z.number().int(),
  posted_on: z.string(),
  memo: z.string(),
  property_name: z.string().nullable(),
  unit_name: z.string().nullable(),
  /** Whom the line is about: the lease's tenants, the vendor or the owner. */
  name: z.string().nullable(),
  debit_cents: z.number().int(),
  credit_cents: z.number().int(),
  /** Debits less credits from the account's opening balance through this line. */
  balance_cents: z.number().int(),
});
export type GeneralLedgerLine = z.infer<typeof generalLedgerLineSchema>;

export const generalLedgerAccountSchema = z.object({
  account: z.object({ id: z.number().int(), code: z.string(), name: z.string(), type: z.enum(ACCOUNT_TYPES) }),
  /** Debits less credits at the end of the day before `from`. */
  opening_cents: z.number().int(),
  lines: z.array(generalLedgerLineSchema),
  debit_cents: z.number().int(),
  credit_cents: z.number().int(),
  closing_cents: z.number().int(),
});
export type GeneralLedgerAccount = z.infer<typeof generalLedgerAccountSchema>;

export const generalLedgerSchema = z.object({
  from: z.string(),
  to: z.string(),
  property: z.object({ id: z.string(), name: z.string() }).nullable(),
  account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  /** By code: the accounts with a balance at the start or lines in the span. */
  accounts: z.array(generalLedgerAccountSchema),
  total_debit_cents: z.number().int(),
  total_credit_cents: z.number().int(),
});
export type GeneralLedger = z.infer<typeof generalLedgerSchema>;
