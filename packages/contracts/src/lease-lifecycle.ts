import { z } from "zod";
import { addDays, addMonths, civilDateSchema } from "./civil-date.ts";
import { LEASE_MAX_CENTS, LEASE_TEXT_MAX, leaseSchema, PERCENT_PATTERN } from "./leases.ts";

/**
 * Notice, renewal and move-out of a lease (issue 27 item 13, decision 032): the requests, what they
 * answer, the rent a renewal offers and the deposit arithmetic of a move-out (shared by the server
 * and the form, so both compute the same cents).
 */

export const lifecycleMessages = {
  notFound: "This lease does not exist or was deleted.",
  offerNotFound: "This renewal offer does not exist or was deleted.",
  noticeDate: "Enter the day notice was given as YYYY-MM-DD.",
  moveOutDate: "Enter the move-out day as YYYY-MM-DD.",
  moveOutBeforeNotice: "The move-out day cannot be before the day notice was given.",
  moveOutBeforeStart: "The move-out day cannot be before the lease starts.",
  noticeNotActive: (status: string) => `Only an active lease can be given notice; this one is ${status}.`,
  noNotice: "This lease has no notice to withdraw.",
  renewalNotOpen: (status: string) => `Only an active lease or one on notice can be renewed; this one is ${status}.`,
  renewalNeedsMonths: "Enter the new term's length in months (1 to 120).",
  renewalTerm: "Choose a fixed term or month-to-month.",
  renewalIncrease: "Enter the increase in dollars.",
  renewalPercent: "Enter the increase as a percent, such as 3 or 2.5.",
  renewalRent: "Enter the new rent in dollars.",
  renewalStart: "Enter the new term's first day as YYYY-MM-DD.",
  renewalStartNeeded: "A month-to-month lease has no end: enter the day the new term starts.",
  renewalWithin: "Choose 30, 60, 90 or 120 days.",
  offerDecided: (status: string) => `This offer was ${status} already.`,
  offerStale: "The lease's term changed since this offer was made: make a new offer.",
  moveOutNotOpen: (status: string) => `Only an active lease or one on notice can be moved out; this one is ${status}.`,
  moveOutBeforeMoveIn: "The move-out day cannot be before the move-in day.",
  forwardingAddress: "Enter the forwarding address the deposit statement is sent to.",
  chargeDescription: "Describe the charge (up to 200 characters).",
  chargeAmount: "Enter an amount greater than zero.",
  chargeAccount: "Choose an active income account.",
  tooManyCharges: "Enter at most 50 final charges.",
  notMovedOut: "This lease has not been moved out: there is no deposit statement yet.",
} as const;

// ---- state deadlines for the itemized deposit statement ----

/**
 * Days after move-out by which the itemized security-deposit statement (and any refund) must be sent,
 * by state. The common ones, from the states' landlord-tenant statutes: CA 21 (Civ. Code 1950.5), TX
 * 30 (Prop. Code 92.103), NY 14 (GOL 7-108), FL 30 to claim deductions (15 when none, Stat. 83.49: the
 * stricter case is taken when deductions are made, so 30; see decision 032), IL 30 (45 without
 * deductions), WA 21, MA 30, NJ 30, PA 30, GA 30, AZ 14, CO 30 (60 if the lease says), NC 30, VA
 * 45, OR 31, NV 30, MI 30, OH 30, MN 21, MD 45. Anything else: 30 days, the most common.
 */
export const DEPOSIT_STATEMENT_DAYS: Readonly<Record<string, number>> = {
  AZ: 14,
  CA: 21,
  CO: 30,
  FL: 30,
  GA: 30,
  IL: 30,
  MA: 30,
  MD: 45,
  MI: 30,
  MN: 21,
  NC: 30,
  NJ: 30,
  NV: 30,
  NY: 14,
  OH: 30,
  OR: 31,
  PA: 30,
  TX: 30,
  VA: 45,
  WA: 21,
};
export const DEFAULT_DEPOSIT_STATEMENT_DAYS = 30;
export const depositStatementDays = (stateCode: string | null | undefined) =>
  (stateCode ? DEPOSIT_STATEMENT_DAYS[stateCode.toUpperCase()] : undefined) ?? DEFAULT_DEPOSIT_STATEMENT_DAYS;

// ---- notice ----

export const noticeSchema = z
  .object({
    notice_given_on: civilDateSchema(lifecycleMessages.noticeDate),
    move_out_date: civilDateSchema(lifecycleMessages.moveOutDate),
  })
  .refine((n) => n.move_out_date >= n.notice_given_on, {
    message: lifecycleMessages.moveOutBeforeNotice,
    path: ["move_out_date"],
  });
export type Notice = z.infer<typeof noticeSchema>;

export const lifecycleLeaseResponseSchema = z.object({ lease: leaseSchema });

// ---- renewal offers ----

export const RENEWAL_WINDOWS = [30, 60, 90, 120] as const;
export const RENT_CHANGES = ["fixed_increase", "percent", "amount"] as const;
export type RentChangeType = (typeof RENT_CHANGES)[number];
export const RENT_CHANGE_LABELS: Record<RentChangeType, string> = {
  fixed_increase: "Increase by an amount",
  percent: "Increase by a percent",
  amount: "New rent",
};
export const RENEWAL_STATUSES = ["offered", "accepted", "declined"] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];

const cents = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(LEASE_MAX_CENTS, message);

export const rentChangeSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("fixed_increase"), amount_cents: cents(lifecycleMessages.renewalIncrease) }),
    z.object({
      type: z.literal("percent"),
      percent: z
        .string({ error: lifecycleMessages.renewalPercent })
        .trim()
        .regex(PERCENT_PATTERN, lifecycleMessages.renewalPercent),
    }),
    z.object({ type: z.literal("amount"), rent_cents: cents(lifecycleMessages.renewalRent) }),
  ],
  { error: lifecycleMessages.renewalIncrease },
);
export type RentChange = z.infer<typeof rentChangeSchema>;

const renewalTerms = z.object({
  term: z.enum(["fixed", "month_to_month"], { error: lifecycleMessages.renewalTerm }),
  months: z
    .number({ error: lifecycleMessages.renewalNeedsMonths })
    .int(lifecycleMessages.renewalNeedsMonths)
    .min(1, lifecycleMessages.renewalNeedsMonths)
    .max(120, lifecycleMessages.renewalNeedsMonths)
    .nullish()
    .transform((v) => v ?? null),
  rent_change: rentChangeSchema,
});
const monthsWithFixed = <T extends { term: string; months: number | null }>(o: T) =>
  o.term !== "fixed" || o.months !== null;

/** POST /leases/{id}/renewal-offers. `starts_on`: the new term's first day; a fixed lease's is the day after its end. */
export const renewalOfferCreateSchema = renewalTerms
  .extend({
    starts_on: civilDateSchema(lifecycleMessages.renewalStart)
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine(monthsWithFixed, { message: lifecycleMessages.renewalNeedsMonths, path: ["months"] });
export type RenewalOfferCreate = z.infer<typeof renewalOfferCreateSchema>;
export type RenewalOfferCreateInput = z.input<typeof renewalOfferCreateSchema>;

/** POST /renewal-offers/bulk: an offer to each active fixed-term lease ending within the days, with no open offer. */
export const renewalBulkSchema = renewalTerms
  .extend({
    within_days: z.union(
      RENEWAL_WINDOWS.map((d) => z.literal(d)),
      { error: lifecycleMessages.renewalWithin },
    ),
    property_id: z
      .uuid()
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine(monthsWithFixed, { message: lifecycleMessages.renewalNeedsMonths, path: ["months"] });
export type RenewalBulk = z.infer<typeof renewalBulkSchema>;
export type RenewalBulkInput = z.input<typeof renewalBulkSchema>;

export const renewalOfferSchema = z.object({
  id: z.string(),
  lease_id: z.string(),
  lease_no: z.number().int(),
  tenant_names: z.string(),
  unit_names: z.string(),
  property_name: z.string(),
  status: z.enum(RENEWAL_STATUSES),
  term: z.enum(["fixed", "month_to_month"]),
  months: z.number().int().nullable(),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  current_rent_cents: z.number().int(),
  rent_change: z.enum(RENT_CHANGES),
  increase_cents: z.number().int().nullable(),
  increase_percent: z.string().nullable(),
  rent_cents: z.number().int(),
  decided_on: z.string().nullable(),
  created_date: z.string(),
});
export type RenewalOffer = z.infer<typeof renewalOfferSchema>;
export const renewalOfferListSchema = z.object({ offers: z.array(renewalOfferSchema) });
export const renewalBulkResultSchema = z.object({
  offers: z.array(renewalOfferSchema),
  /** Leases in the window left out because they have an open offer already. */
  skipped: z.number().int(),
});
export const renewalOfferListQuerySchema = z.object({
  status: z.enum(RENEWAL_STATUSES).optional(),
  property_id: z.uuid().optional(),
});
export const renewalOfferParamsSchema = z.object({
  id: z.uuid(lifecycleMessages.notFound),
  offerId: z.uuid(lifecycleMessages.offerNotFound),
});
export const renewalAcceptResponseSchema = z.object({ lease: leaseSchema, offer: renewalOfferSchema });

/**
 * The rent a renewal offers, in cents: the current rent plus a fixed increase, plus a percent rounded
 * to the whole dollar (half up, exact: the percent has at most four decimals, so it is read as an
 * integer of ten-thousandths and nothing passes through a float), or the typed amount.
 */
export function renewalRentCents(currentCents: number, change: RentChange): number {
  if (change.type === "amount") return change.rent_cents;
  if (change.type === "fixed_increase") return currentCents + change.amount_cents;
  const [whole = "0", frac = ""] = change.percent.trim().split(".");
  const tenThousandths = BigInt(whole) * 10_000n + BigInt(frac.padEnd(4, "0").slice(0, 4) || "0");
  // cents x (100% + p) / 100% in cents is cents x (1_000_000 + p) / 1_000_000; in dollars, / 10^8.
  const numerator = BigInt(currentCents) * (1_000_000n + tenThousandths);
  const dollars = (2n * numerator + 100_000_000n) / 200_000_000n;
  return Number(dollars * 100n);
}

/** The term an offer gives: its first day and (fixed) last day. */
export function renewalTermDates(startsOn: string, term: "fixed" | "month_to_month", months: number | null) {
  if (term !== "fixed" || months === null) return { startsOn, endsOn: null };
  // The day before the same day `months` later: 2027-06-15 for 12 months ends 2028-06-14.
  return { startsOn, endsOn: addDays(addMonths(startsOn, months), -1) };
}

// ---- move-out ----

export const MOVE_OUT_MAX_CHARGES = 50;

export const finalChargeSchema = z.object({
  description: z
    .string({ error: lifecycleMessages.chargeDescription })
    .trim()
    .min(1, lifecycleMessages.chargeDescription)
    .max(LEASE_TEXT_MAX, lifecycleMessages.chargeDescription),
  amount_cents: z
    .number({ error: lifecycleMessages.chargeAmount })
    .int(lifecycleMessages.chargeAmount)
    .min(1, lifecycleMessages.chargeAmount)
    .max(LEASE_MAX_CENTS, lifecycleMessages.chargeAmount),
  /** The income account credited; the organization's other income when absent. */
  account_id: z
    .number({ error: lifecycleMessages.chargeAccount })
    .int(lifecycleMessages.chargeAccount)
    .positive(lifecycleMessages.chargeAccount)
    .nullish()
    .transform((v) => v ?? null),
});
export type FinalCharge = z.infer<typeof finalChargeSchema>;

/**
 * POST /leases/{id}/move-out. Final charges (damages, cleaning...) are posted to the lease; the deposit
 * held pays what the lease owes then (oldest first) and the rest is refunded; what the deposit does
 * not cover stays owed on the ended lease.
 */
export const moveOutSchema = z.object({
  moved_out_on: civilDateSchema(lifecycleMessages.moveOutDate),
  forwarding_address: z
    .string({ error: lifecycleMessages.forwardingAddress })
    .trim()
    .min(1, lifecycleMessages.forwardingAddress)
    .max(1000, lifecycleMessages.forwardingAddress),
  final_charges: z.array(finalChargeSchema).max(MOVE_OUT_MAX_CHARGES, lifecycleMessages.tooManyCharges).default([]),
  /**
   * Credit back what was charged for days after the move-out day (rent and other monthly charges of
   * a month already charged, by calendar days), before the deposit is applied.
   */
  credit_unused_charges: z.boolean().default(false),
});
export type MoveOut = z.infer<typeof moveOutSchema>;
export type MoveOutInput = z.input<typeof moveOutSchema>;

/**
 * The deposit arithmetic of a move-out, in cents: what the lease owes after the final charges, what
 * the deposit pays of it, what is refunded and what stays owed (a credit the lease held is refunded
 * with the deposit).
 */
export function depositArithmetic(o: { depositHeldCents: number; balanceCents: number; finalChargesCents: number }) {
  const owedCents = o.balanceCents + o.finalChargesCents;
  const appliedCents = Math.min(o.depositHeldCents, Math.max(owedCents, 0));
  const creditRefundCents = Math.max(-owedCents, 0);
  return {
    owedCents,
    appliedCents,
    depositRefundCents: o.depositHeldCents - appliedCents,
    creditRefundCents,
    refundCents: o.depositHeldCents - appliedCents + creditRefundCents,
    balanceLeftCents: Math.max(owedCents - appliedCents, 0),
  };
}

export const depositStatementSchema = z.object({
  lease_id: z.string(),
  lease_no: z.number().int(),
  tenant_names: z.string(),
  property_name: z.string(),
  unit_names: z.string(),
  moved_out_on: z.string(),
  forwarding_address: z.string(),
  deposit_held_cents: z.number().int(),
  /** The balance before the final charges: unpaid rent and charges (negative: a credit held). */
  prior_balance_cents: z.number().int(),
  final_charges: z.array(
    z.object({ description: z.string(), amount_cents: z.number().int(), entry_id: z.number().int().nullable() }),
  ),
  /** Monthly charges already posted for days after the move-out, credited back before the deposit was applied. */
  credits: z.array(
    z.object({ description: z.string(), amount_cents: z.number().int(), entry_id: z.number().int().nullable() }),
  ),
  applied_cents: z.number().int(),
  refund_cents: z.number().int(),
  balance_left_cents: z.number().int(),
  state_code: z.string().nullable(),
  statement_days: z.number().int(),
  statement_due_on: z.string(),
});
export type DepositStatement = z.infer<typeof depositStatementSchema>;

export const moveOutResponseSchema = z.object({ lease: leaseSchema, statement: depositStatementSchema });
export type MoveOutResponse = z.infer<typeof moveOutResponseSchema>;

/**
 * A monthly charge already posted for days after a move-out day, and what crediting them back would
 * be: the charge x the days after the move-out it covered / the days it covered, rounded once.
 */
export const unusedChargeSchema = z.object({
  description: z.string(),
  /** The days credited, YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  amount_cents: z.number().int(),
});
export type UnusedCharge = z.infer<typeof unusedChargeSchema>;

/** How a credited unused charge reads on the ledger and the deposit statement. */
export const unusedChargeMemo = (c: UnusedCharge) => `${c.description}: unused ${c.from} to ${c.to}, credited`;

export const moveOutPreviewQuerySchema = z.object({
  moved_out_on: civilDateSchema(lifecycleMessages.moveOutDate).optional(),
});

/** Before the move-out: what the form shows live (the deposit held and the balance now). */
export const moveOutPreviewSchema = z.object({
  deposit_held_cents: z.number().int(),
  balance_cents: z.number().int(),
  /** For the `moved_out_on` asked (none asked: none): what crediting unused charges would credit. */
  unused_charges: z.array(unusedChargeSchema),
  state_code: z.string().nullable(),
  statement_days: z.number().int(),
});
export type MoveOutPreview = z.infer<typeof moveOutPreviewSchema>;
