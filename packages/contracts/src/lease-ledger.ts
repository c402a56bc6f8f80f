import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { MAX_LINE_CENTS } from "./ledger.ts";

/**
 * The tenant ledger of a lease (issue 27 item 10, decision 030): its charges, payments, credits,
 * refunds, late and NSF fees with a running balance; and the postings made from it. Amounts are
 * integer cents; dates civil dates (YYYY-MM-DD) of the organization's time zone. Every posting
 * carries a request key from the client: a retried request or a second click posts once.
 */

export const PAYMENT_METHODS = ["check", "cash", "ach", "card", "money_order"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: "Check",
  cash: "Cash",
  ach: "ACH / bank transfer",
  card: "Card",
  money_order: "Money order",
};

/** What a row of the ledger is, from the posting that made it. */
export const LEDGER_ROW_TYPES = [
  "charge",
  "late_fee",
  "nsf_fee",
  "payment",
  "payment_return",
  "credit",
  "refund",
  "prepaid_applied",
  "move_in",
  "move_out",
  "adjustment",
  "reversal",
] as const;
export type LedgerRowType = (typeof LEDGER_ROW_TYPES)[number];

export const leaseLedgerMessages = {
  leaseNotFound: "Lease not found",
  paymentNotFound: "Payment not found",
  cents: "Give an amount in whole cents above zero",
  method: "Choose how it was paid: check, cash, ACH, card or money order",
  reference: "A reference is at most 100 characters",
  description: "Describe the charge in 1 to 200 characters",
  idempotencyKey: "Send a request key of 1 to 100 letters, digits, dots, colons, dashes or underscores",
  keyReused: "This request key was already used for another posting",
  incomeAccount: "Choose one of your income accounts",
  allocationUnknown: "This charge is not open on the lease",
  allocationTooMuch: (open: number) => `At most ${open} cents are open on this charge`,
  allocationsExceed: "The amounts applied add up to more than the payment",
  allocationTwice: "Each charge once",
  refundTooMuch: (credit: number) => `The lease holds ${credit} cents of credit: refund that much or less`,
  noCredit: "The lease holds no credit to refund",
  dateRange: "The first date must not be after the last",
} as const;

const cents = z
  .number({ error: leaseLedgerMessages.cents })
  .int(leaseLedgerMessages.cents)
  .min(1, leaseLedgerMessages.cents)
  .max(MAX_LINE_CENTS, leaseLedgerMessages.cents);

const requestKey = z
  .string({ error: leaseLedgerMessages.idempotencyKey })
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, leaseLedgerMessages.idempotencyKey);

export const leaseIdParamsSchema = z.object({ id: z.uuid({ error: leaseLedgerMessages.leaseNotFound }) });
export const paymentIdParamsSchema = z.object({ id: z.uuid({ error: leaseLedgerMessages.paymentNotFound }) });

export const ledgerQuerySchema = z
  .object({ from: civilDateSchema().optional(), to: civilDateSchema().optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: leaseLedgerMessages.dateRange, path: ["from"] });
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const ledgerRowSchema = z.object({
  entry_id: z.number().int(),
  posted_on: z.string(),
  type: z.enum(LEDGER_ROW_TYPES),
  description: z.string(),
  /** What it added to what the lease owes (0 or more). */
  charge_cents: z.number().int(),
  /** What it took off (0 or more). */
  payment_cents: z.number().int(),
  /** What the lease owed after it (negative: a credit). */
  balance_cents: z.number().int(),
  /** A payment's id (to return it) and whether it came back. */
  payment_id: z.uuid().nullable(),
  returned: z.boolean(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

/** A charge not fully paid: what a payment or credit can be applied to. */
export const openChargeSchema = z.object({
  entry_id: z.number().int(),
  line_no: z.number().int(),
  posted_on: z.string(),
  description: z.string(),
  amount_cents: z.number().int(),
  open_cents: z.number().int(),
});
export type OpenCharge = z.infer<typeof openChargeSchema>;

export const leaseLedgerSchema = z.object({
  lease_id: z.uuid(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Balance before `from` (0 without it). */
  opening_balance_cents: z.number().int(),
  rows: z.array(ledgerRowSchema),
  /** Balance after the last row shown. */
  closing_balance_cents: z.number().int(),
  /** The lease's balance now (its maintained balance: receivables less prepaid rent). */
  balance_cents: z.number().int(),
  open_charges: z.array(openChargeSchema),
  /** Credit not applied yet (prepaid rent, credits beyond what was owed). */
  credit_cents: z.number().int(),
});
export type LeaseLedger = z.infer<typeof leaseLedgerSchema>;

/** A charge applied by hand: an open charge (its entry and line) and the cents applied to it. */
export const allocationInputSchema = z.object({
  entry_id: z.number().int().positive(),
  line_no: z.number().int().positive().default(1),
  amount_cents: cents,
});
export type AllocationInput = z.infer<typeof allocationInputSchema>;

/** POST /leases/{id}/charges: a one-time charge (D receivables, C the income account). */
export const postChargeSchema = z.object({
  idempotency_key: requestKey,
  account_id: z.number({ error: leaseLedgerMessages.incomeAccount }).int().positive(),
  amount_cents: cents,
  posted_on: civilDateSchema(),
  description: z
    .string({ error: leaseLedgerMessages.description })
    .trim()
    .min(1, leaseLedgerMessages.description)
    .max(200, leaseLedgerMessages.description),
});
export type PostCharge = z.infer<typeof postChargeSchema>;

/** POST /leases/{id}/payments: applied to the charges picked, else to the oldest open; the rest is prepaid rent. */
export const postPaymentSchema = z.object({
  idempotency_key: requestKey,
  method: z.enum(PAYMENT_METHODS, { error: leaseLedgerMessages.method }),
  reference: z.string().trim().max(100, leaseLedgerMessages.reference).nullish(),
  received_on: civilDateSchema(),
  amount_cents: cents,
  allocations: z.array(allocationInputSchema).max(500).optional(),
});
export type PostPayment = z.infer<typeof postPaymentSchema>;

/** POST /leases/{id}/credits: a concession or credit (D concessions, C receivables), applied like a payment. */
export const postCreditSchema = z.object({
  idempotency_key: requestKey,
  posted_on: civilDateSchema(),
  amount_cents: cents,
  description: z.string().trim().max(200, leaseLedgerMessages.description).default(""),
  allocations: z.array(allocationInputSchema).max(500).optional(),
});
export type PostCredit = z.infer<typeof postCreditSchema>;

/** POST /leases/{id}/refunds: pays back the lease's credit (prepaid rent or a credit on receivables). */
export const postRefundSchema = z.object({
  idempotency_key: requestKey,
  posted_on: civilDateSchema(),
  amount_cents: cents,
  method: z.enum(PAYMENT_METHODS, { error: leaseLedgerMessages.method }).default("check"),
  reference: z.string().trim().max(100, leaseLedgerMessages.reference).nullish(),
});
export type PostRefund = z.infer<typeof postRefundSchema>;

/** POST /payments/{id}/return: the payment came back (NSF); its fee from the request or the organization's setting. */
export const returnPaymentSchema = z.object({
  returned_on: civilDateSchema(),
  nsf_fee_cents: z.number().int().min(0).max(MAX_LINE_CENTS).optional(),
});
export type ReturnPayment = z.infer<typeof returnPaymentSchema>;

export const leasePaymentSchema = z.object({
  id: z.uuid(),
  lease_id: z.uuid(),
  entry_id: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  received_on: z.string(),
  amount_cents: z.number().int(),
  returned_on: z.string().nullable(),
  return_entry_id: z.number().int().nullable(),
  return_fee_entry_id: z.number().int().nullable(),
});
export type LeasePayment = z.infer<typeof leasePaymentSchema>;

/** What a posting answers: its entry, the payment it recorded, and the lease's balance after it. */
export const leasePostingSchema = z.object({
  entry_id: z.number().int(),
  payment: leasePaymentSchema.nullable(),
  balance_cents: z.number().int(),
});
export type LeasePosting = z.infer<typeof leasePostingSchema>;
