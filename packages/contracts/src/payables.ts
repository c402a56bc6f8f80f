import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { MAX_LINE_CENTS } from "./ledger.ts";
import { formatCents } from "./money.ts";

/**
 * Accounts payable (issue 29 item 4, decision 043): vendors' bills and credits, each posted once
 * when entered (D its lines' expense accounts, C accounts payable), and bill payments from a bank
 * account (D accounts payable, C its cash), each property's money kept its own.
 */
export const BILL_KINDS = ["bill", "credit"] as const;
export type BillKind = (typeof BILL_KINDS)[number];
export const BILL_KIND_LABELS: Record<BillKind, string> = { bill: "Bill", credit: "Vendor credit" };

export const BILL_STATUSES = ["open", "partly_paid", "paid", "void"] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];
export const BILL_STATUS_LABELS: Record<BillStatus, string> = {
  open: "Unpaid",
  partly_paid: "Partly paid",
  paid: "Paid",
  void: "Void",
};

/** How a vendor was paid: card payments are reported by the card processor, so 1099s leave them out. */
export const BILL_PAYMENT_METHODS = ["check", "ach", "card", "cash", "other"] as const;
export type BillPaymentMethod = (typeof BILL_PAYMENT_METHODS)[number];
export const BILL_PAYMENT_METHOD_LABELS: Record<BillPaymentMethod, string> = {
  check: "Check",
  ach: "ACH",
  card: "Card",
  cash: "Cash",
  other: "Other",
};

export const MAX_BILL_LINES = 200;
/** Days to pay when a bill names no due date. */
export const DEFAULT_BILL_TERMS_DAYS = 30;

export const payableMessages = {
  billNotFound: "Bill not found",
  paymentNotFound: "Bill payment not found",
  vendor: "Choose the vendor",
  vendorUnknown: "This vendor is not one of the organization's",
  dueDate: "The due date cannot be before the bill's date",
  lines: "Add a line with an account and an amount",
  tooManyLines: `A bill has at most ${MAX_BILL_LINES} lines`,
  amount: "Enter an amount in dollars and cents greater than zero",
  account: "Choose an active expense or asset account",
  unit: "This unit is not of the line's property",
  property: "This property is not one of the organization's",
  reference: "At most 100 characters",
  duplicate: (reference: string) => `This vendor's bill ${reference} is entered already`,
  costBilled: "A maintenance cost chosen is billed already, or is not of this request",
  idempotencyKey: "A request key of 1 to 100 letters, digits or . _ : -",
  bankAccount: "Choose an active bank account",
  method: "Choose how the vendor was paid",
  checkNumber: "Enter the check number",
  checkTaken: (n: string) => `Check ${n} is used already in this bank account`,
  applications: "Choose the bills to pay",
  notVendors: "A bill chosen is not this vendor's, or is void",
  overpaid: (open: number) => `At most ${formatCents(open)} is left to pay on this bill`,
  total: "The bills chosen must come to more than the credits used",
  crossProperty:
    "A credit pays only bills of its own property: it would pay another property's bill with this property's money",
  voidPaid: "This bill has payments: void them first",
  paymentInReconciliation: "This payment cleared the bank in a completed reconciliation: it stays",
} as const;

const cents = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_LINE_CENTS, message);
const key = z
  .string({ error: payableMessages.idempotencyKey })
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, payableMessages.idempotencyKey);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, payableMessages.reference)
    .nullish()
    .transform((v) => v || null);

export const billLineInputSchema = z.object({
  account_id: z.number({ error: payableMessages.account }).int().positive(payableMessages.account),
  property_id: z.uuid({ error: payableMessages.property }).nullish(),
  unit_id: z.number().int().positive().nullish(),
  description: z.string().trim().max(500).default(""),
  amount_cents: cents(payableMessages.amount),
  maintenance_cost_id: z.uuid().nullish(),
});
export type BillLineInput = z.infer<typeof billLineInputSchema>;

/** POST /bills: a bill (or a vendor credit) typed in or made from a maintenance request's costs. */
export const createBillSchema = z
  .object({
    kind: z.enum(BILL_KINDS).default("bill"),
    vendor_id: z.uuid({ error: payableMessages.vendor }),
    bill_date: civilDateSchema(),
    due_date: civilDateSchema().nullish(),
    reference: optionalText(100),
    memo: z.string().trim().max(500).default(""),
    maintenance_request_id: z.uuid().nullish(),
    lines: z
      .array(billLineInputSchema, { error: payableMessages.lines })
      .min(1, payableMessages.lines)
      .max(MAX_BILL_LINES, payableMessages.tooManyLines),
    idempotency_key: key,
  })
  .refine((b) => !b.due_date || b.due_date >= b.bill_date, { message: payableMessages.dueDate, path: ["due_date"] });
export type CreateBill = z.infer<typeof createBillSchema>;

export const billIdParamsSchema = z.object({ id: z.uuid({ error: payableMessages.billNotFound }) });
export const billsQuerySchema = z.object({
  status: z.enum(["unpaid", "all"]).default("all"),
  vendor_id: z.uuid().optional(),
});
export type BillsQuery = z.infer<typeof billsQuerySchema>;
export const voidBillSchema = z.object({ voided_on: civilDateSchema().optional() });

export const billLineSchema = z.object({
  line_no: z.number().int(),
  account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  property: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  unit_id: z.number().int().nullable(),
  description: z.string(),
  amount_cents: z.number().int(),
  maintenance_cost_id: z.uuid().nullable(),
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billSchema = z.object({
  id: z.uuid(),
  kind: z.enum(BILL_KINDS),
  vendor: z.object({ id: z.uuid(), name: z.string() }),
  bill_date: z.string(),
  due_date: z.string(),
  reference: z.string().nullable(),
  memo: z.string(),
  total_cents: z.number().int(),
  applied_cents: z.number().int(),
  open_cents: z.number().int(),
  status: z.enum(BILL_STATUSES),
  maintenance_request_id: z.uuid().nullable(),
  entry_id: z.number().int(),
  void_entry_id: z.number().int().nullable(),
  lines: z.array(billLineSchema),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type Bill = z.infer<typeof billSchema>;
export const billsSchema = z.object({ bills: z.array(billSchema), total_open_cents: z.number().int() });

/** POST /bill-payments: what a vendor was paid, from which bank account, for which bills (less credits used). */
export const createBillPaymentSchema = z
  .object({
    vendor_id: z.uuid({ error: payableMessages.vendor }),
    bank_account_id: z.uuid({ error: payableMessages.bankAccount }),
    paid_on: civilDateSchema(),
    method: z.enum(BILL_PAYMENT_METHODS, { error: payableMessages.method }),
    reference: optionalText(100),
    memo: z.string().trim().max(500).default(""),
    applications: z
      .array(z.object({ bill_id: z.uuid(), amount_cents: cents(payableMessages.amount) }), {
        error: payableMessages.applications,
      })
      .min(1, payableMessages.applications)
      .max(500),
    idempotency_key: key,
  })
  .refine((p) => p.method !== "check" || Boolean(p.reference), {
    message: payableMessages.checkNumber,
    path: ["reference"],
  });
export type CreateBillPayment = z.infer<typeof createBillPaymentSchema>;

export const billPaymentSchema = z.object({
  id: z.uuid(),
  vendor: z.object({ id: z.uuid(), name: z.string() }),
  bank_account: z.object({ id: z.uuid(), name: z.string() }),
  paid_on: z.string(),
  method: z.enum(BILL_PAYMENT_METHODS),
  reference: z.string().nullable(),
  memo: z.string(),
  total_cents: z.number().int(),
  entry_id: z.number().int(),
  /** Voided: its entry reversed by this one, its bills owed again. */
  void_entry_id: z.number().int().nullable(),
  applications: z.array(
    z.object({
      bill_id: z.uuid(),
      kind: z.enum(BILL_KINDS),
      reference: z.string().nullable(),
      amount_cents: z.number().int(),
    }),
  ),
  created_at: z.string(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;
export const billPaymentIdParamsSchema = z.object({ id: z.uuid({ error: payableMessages.paymentNotFound }) });
export const voidBillPaymentSchema = z.object({ voided_on: civilDateSchema().optional() });

export const billPaymentsSchema = z.object({ payments: z.array(billPaymentSchema) });
