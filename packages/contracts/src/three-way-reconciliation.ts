import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { REPORT_FORMATS } from "./reports.ts";

/**
 * Three-way reconciliation (Reports > Financial; issue 30 item 3): for each trust bank account, on
 * the end date of its last completed reconciliation (by the report's day), the bank's side (the
 * statement's balance with the items not yet through the bank), the books' side (the trust cash
 * account's balance) and the clients' side (what each property holds in it, the owners' and
 * tenants' money): the three agree when the trust account is in order, and no property's money may
 * be below zero.
 */
export const threeWayMessages = {
  scopedUser: "The trust accounts are the whole organization's: a user of some properties cannot reconcile them",
};

export const threeWayQuerySchema = z.object({
  /** The organization's today when left out: each account's last reconciliation by then. */
  as_of: civilDateSchema().optional(),
  format: z.enum(REPORT_FORMATS).default("json"),
});
export type ThreeWayQuery = z.infer<typeof threeWayQuerySchema>;

export const threeWayAccountSchema = z.object({
  bank_account: z.object({ id: z.string(), name: z.string() }),
  /** The last completed reconciliation's statement by the report's day; null when none was completed. */
  statement_end_date: z.string().nullable(),
  statement_balance_cents: z.number().int().nullable(),
  /** Money in the books by the statement's day that the bank had not shown yet. */
  deposits_in_transit_cents: z.number().int(),
  outstanding_payments_cents: z.number().int(),
  /** The statement's balance with those: what the bank holds by the books' reckoning. */
  adjusted_bank_cents: z.number().int().nullable(),
  book_cents: z.number().int(),
  /** Each property's money in the account on the statement's day (by property name); money of no property apart. */
  clients: z.array(z.object({ property: z.object({ id: z.string(), name: z.string() }), cents: z.number().int() })),
  unassigned_cents: z.number().int(),
  clients_cents: z.number().int(),
  /** Adjusted bank less books, books less clients: both zero when it reconciles. */
  bank_difference_cents: z.number().int().nullable(),
  client_difference_cents: z.number().int(),
  /** Properties whose money in the account is below zero: one property paid with another's. */
  negative_properties: z.number().int(),
  balanced: z.boolean(),
});
export type ThreeWayAccount = z.infer<typeof threeWayAccountSchema>;

export const threeWaySchema = z.object({
  as_of: z.string(),
  accounts: z.array(threeWayAccountSchema),
});
export type ThreeWay = z.infer<typeof threeWaySchema>;
