import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { PAYMENT_METHODS } from "./lease-ledger.ts";
import { MAX_LINE_CENTS } from "./ledger.ts";

/**
 * The organization's bank accounts (issue 29 item 2, decision 038): each the bank side of one cash
 * account of the ledger. Trust money (rents, owners' funds) and security deposits held for tenants
 * are kept apart from the manager's operating money, as most states require.
 */
export const BANK_ACCOUNT_KINDS = ["operating", "trust", "escrow"] as const;
export type BankAccountKind = (typeof BANK_ACCOUNT_KINDS)[number];
export const BANK_ACCOUNT_KIND_LABELS: Record<BankAccountKind, string> = {
  operating: "Operating",
  trust: "Trust",
  escrow: "Security deposit escrow",
};
/** The system cash account each kind's first bank account is the bank side of. */
export const BANK_ACCOUNT_KIND_ROLES = {
  operating: "operating_cash",
  trust: "trust_cash",
  escrow: "deposit_escrow_cash",
} as const satisfies Record<BankAccountKind, string>;

export const bankAccountMessages = {
  notFound: "Bank account not found",
  name: "Give the bank account a name of 1 to 100 characters",
  nameTaken: (name: string) => `A bank account named ${name} already exists`,
  kind: "Choose operating, trust or security deposit escrow",
  bankName: "The bank's name is at most 100 characters",
  last4: "Enter the last four digits of the account number",
  routing: "A routing number is 9 digits",
  ledgerAccount: "Choose an active asset account that is not another bank account's",
  ledgerAccountTaken: "This cash account is already another bank account's",
  depositAccount: "Choose an active bank account",
  receiptsRequired: "Choose the receipts that went into this deposit",
  tooManyReceipts: "A deposit takes at most 2,000 receipts",
  receiptsGone: "Some of these receipts were deposited or returned meanwhile: choose again",
  receiptAfterDeposit: "A deposit cannot be dated before a receipt in it was received",
  depositNotFound: "Bank deposit not found",
  depositReturned:
    "A check in this deposit came back from the bank: its return was taken out of this account, so the deposit cannot be voided",
  transferFrom: "Choose the active bank account the money leaves",
  transferTo: "Choose another active bank account for the money to go into",
  transferAmount: "Enter an amount above zero",
  idempotencyKey: "Send a request key of 1 to 100 letters, digits, dots, colons, dashes or underscores",
  propertyUnknown: "A property chosen is not one of the organization's",
  keptElsewhere: (property: string, account: string) =>
    `${property}'s money is kept in ${account}: deposit its receipts there`,
} as const;

const name = z
  .string({ error: bankAccountMessages.name })
  .trim()
  .min(1, bankAccountMessages.name)
  .max(100, bankAccountMessages.name);
/** Left out stays left out (a PATCH keeps the value); sent empty clears it. */
const blankIsNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
const optionalText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, message).nullish().transform(blankIsNull);
const digits = (count: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^(\\d{${count}})?$`), message)
    .nullish()
    .transform(blankIsNull);

export const bankAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(BANK_ACCOUNT_KINDS),
  bank_name: z.string().nullable(),
  account_last4: z.string().nullable(),
  routing_number: z.string().nullable(),
  /** Its cash account in the ledger, whose balance is the account's book balance. */
  ledger_account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  /** Debits minus credits of its cash account so far (what the books say is in the bank). */
  balance_cents: z.number().int(),
  is_active: z.boolean(),
  created_date: z.string(),
  /** How many properties keep their money of this kind in it. */
  property_count: z.number().int(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountsSchema = z.object({ bank_accounts: z.array(bankAccountSchema) });

/**
 * POST /bank-accounts. Without `ledger_account_id`: the kind's system cash account when no bank
 * account has it yet, else a new asset account next to it ("1020-1 Trust Cash - First Bank").
 */
export const createBankAccountSchema = z.object({
  name,
  kind: z.enum(BANK_ACCOUNT_KINDS, { error: bankAccountMessages.kind }),
  bank_name: optionalText(100, bankAccountMessages.bankName),
  account_last4: digits(4, bankAccountMessages.last4),
  routing_number: digits(9, bankAccountMessages.routing),
  ledger_account_id: z.number({ error: bankAccountMessages.ledgerAccount }).int().positive().nullish(),
});
export type CreateBankAccount = z.infer<typeof createBankAccountSchema>;

/** PATCH /bank-accounts/{id}: its name and bank details, or retire it; the kind and cash account stay. */
export const updateBankAccountSchema = z.object({
  name: name.optional(),
  bank_name: optionalText(100, bankAccountMessages.bankName),
  account_last4: digits(4, bankAccountMessages.last4),
  routing_number: digits(9, bankAccountMessages.routing),
  is_active: z.boolean().optional(),
});
export type UpdateBankAccount = z.infer<typeof updateBankAccountSchema>;

export const bankAccountIdParamsSchema = z.object({ id: z.uuid({ error: bankAccountMessages.notFound }) });

/** PUT /bank-accounts/{id}/properties: the properties whose money of the account's kind it keeps. */
export const setBankAccountPropertiesSchema = z.object({
  property_ids: z.array(z.uuid({ error: bankAccountMessages.propertyUnknown })).max(10_000),
});
export const bankAccountPropertiesSchema = z.object({
  properties: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** A receipt waiting in Undeposited Funds: a tenant's payment not yet in a bank deposit. */
export const undepositedReceiptSchema = z.object({
  id: z.string(),
  received_on: z.string(),
  lease_id: z.string(),
  lease_name: z.string(),
  property_name: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  amount_cents: z.number().int(),
});
export type UndepositedReceipt = z.infer<typeof undepositedReceiptSchema>;
export const undepositedReceiptsSchema = z.object({
  receipts: z.array(undepositedReceiptSchema),
  /** All that waits, also past the first 500 listed. */
  total_count: z.number().int(),
  total_cents: z.number().int(),
});

export const DEPOSIT_MAX_RECEIPTS = 2000;

/** POST /bank-deposits: the receipts that went into the bank on a day, as one entry, posted once per key. */
export const createBankDepositSchema = z.object({
  bank_account_id: z.uuid({ error: bankAccountMessages.depositAccount }),
  deposited_on: civilDateSchema(),
  memo: z.string().trim().max(500).default(""),
  payment_ids: z
    .array(z.uuid(), { error: bankAccountMessages.receiptsRequired })
    .min(1, bankAccountMessages.receiptsRequired)
    .max(DEPOSIT_MAX_RECEIPTS, bankAccountMessages.tooManyReceipts)
    .refine((ids) => new Set(ids).size === ids.length, bankAccountMessages.receiptsRequired),
  idempotency_key: z
    .string({ error: bankAccountMessages.idempotencyKey })
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, bankAccountMessages.idempotencyKey),
});
export type CreateBankDeposit = z.infer<typeof createBankDepositSchema>;

export const bankDepositSchema = z.object({
  id: z.string(),
  bank_account: z.object({ id: z.string(), name: z.string() }),
  deposited_on: z.string(),
  memo: z.string(),
  total_cents: z.number().int(),
  receipts: z.number().int(),
  entry_id: z.number().int(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Voided: the entry that reversed it, and when; its receipts are back in Undeposited Funds. */
  void_entry_id: z.number().int().nullable(),
  voided_at: z.string().nullable(),
});
export type BankDeposit = z.infer<typeof bankDepositSchema>;
export const bankDepositsSchema = z.object({ deposits: z.array(bankDepositSchema) });

/** POST /bank-deposits/{id}/void: the day its reversal is posted (else the deposit's own, or today when that month is closed). */
export const voidBankDepositSchema = z.object({ voided_on: civilDateSchema().optional() });
export type VoidBankDeposit = z.infer<typeof voidBankDepositSchema>;
export const bankDepositIdParamsSchema = z.object({ id: z.uuid({ error: bankAccountMessages.depositNotFound }) });

/**
 * POST /bank-transfers: money moved from one bank account to another on a day (D the receiving
 * account's cash, C the sending one's), for a property when it is that property's money; posted once
 * per request key.
 */
export const createBankTransferSchema = z
  .object({
    from_bank_account_id: z.uuid({ error: bankAccountMessages.transferFrom }),
    to_bank_account_id: z.uuid({ error: bankAccountMessages.transferTo }),
    amount_cents: z
      .number({ error: bankAccountMessages.transferAmount })
      .int(bankAccountMessages.transferAmount)
      .min(1, bankAccountMessages.transferAmount)
      .max(MAX_LINE_CENTS, bankAccountMessages.transferAmount),
    transferred_on: civilDateSchema(),
    property_id: z.uuid().nullish(),
    memo: z.string().trim().max(500).default(""),
    idempotency_key: z
      .string({ error: bankAccountMessages.idempotencyKey })
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, bankAccountMessages.idempotencyKey),
  })
  .refine((t) => t.from_bank_account_id !== t.to_bank_account_id, {
    message: bankAccountMessages.transferTo,
    path: ["to_bank_account_id"],
  });
export type CreateBankTransfer = z.infer<typeof createBankTransferSchema>;
