import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { MAX_LINE_CENTS } from "./ledger.ts";
import { formatCents } from "./money.ts";
import { normalizeTaxpayerId, TAX_CLASSIFICATIONS } from "./vendors.ts";

/**
 * Owners of the properties the organization manages, their shares, management agreements, the
 * monthly management-fee run, and their money in and out of trust: contributions and distributions
 * (issue 29 item 5, decision 044).
 */
export const OWNER_KINDS = ["person", "company"] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];
export const OWNER_KIND_LABELS: Record<OwnerKind, string> = { person: "Person", company: "Company" };
/** A share of a property in hundredths of a percent: 10,000 is all of it. */
export const WHOLE_SHARE_BP = 10_000;

export const formatShare = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

/** A share as people type it ("60", "33.33", "12.5%") in hundredths of a percent, read as digits; null otherwise. */
export function parseShare(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return bp >= 1 && bp <= WHOLE_SHARE_BP ? bp : null;
}

export const ownerMessages = {
  notFound: "Owner not found",
  name: "Enter the owner's name",
  nameTaken: "An owner with this name exists already",
  email: "Enter an email address like name@example.com",
  taxpayerId: "Enter a taxpayer id of 9 digits (SSN or EIN)",
  property: "Choose a property of the organization",
  owner: "Choose an owner",
  sharesTotal: (bp: number) => `The shares must add up to 100%: they add up to ${formatShare(bp)}`,
  share: "Enter a share between 0.01% and 100%",
  ownerTwice: "Each owner once",
  startsBefore: (day: string) => `The new shares must start after ${day}, when the current ones started`,
  agreementOverlap: "This property has a management agreement for some of these days: end it first",
  feeAccounts: "Choose income accounts for the percent fee",
  feePeriod: "A fee period is whole months: from a month's first day to a month's last day",
  feeOverlap: (property: string) => `${property} has a management fee for some of these days already`,
  noAgreements: "No property has a management agreement for this period",
  bankAccount: "Choose an active trust bank account",
  amount: "Enter an amount in dollars and cents greater than zero",
  tooMuch: (owner: string, available: number) =>
    `At most ${formatCents(available)} is available for ${owner}: paying more would leave their trust money negative`,
  notOwner: "This owner does not own this property on that day",
  scopedUser: "Owners are managed by users of every property",
  idempotencyKey: "A request key of 1 to 100 letters, digits or . _ : -",
  agreementNotFound: "Management agreement not found",
  endsBeforeStart: "An agreement ends on or after the day it starts",
  feesAfterEnd: (day: string) =>
    `Fees are charged under this agreement after ${day}: it ends on or after their last day`,
} as const;

const cents = (message: string, min = 0) =>
  z.number({ error: message }).int(message).min(min, message).max(MAX_LINE_CENTS, message);
const key = z
  .string({ error: ownerMessages.idempotencyKey })
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, ownerMessages.idempotencyKey);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

export const ownerFormSchema = z
  .object({
    kind: z.enum(OWNER_KINDS).default("person"),
    name: z.string({ error: ownerMessages.name }).trim().min(1, ownerMessages.name).max(200),
    email: optionalText(254).refine(
      (v) => v === null || /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@.]+$/.test(v),
      ownerMessages.email,
    ),
    phone: optionalText(40),
    legal_name: optionalText(200),
    tax_classification: z.enum(TAX_CLASSIFICATIONS).nullish(),
    taxpayer_id: optionalText(20),
    eligible_1099: z.boolean().default(true),
  })
  .superRefine((o, ctx) => {
    if (o.taxpayer_id !== null && normalizeTaxpayerId(o.taxpayer_id, o.tax_classification ?? null) === null) {
      ctx.addIssue({ code: "custom", message: ownerMessages.taxpayerId, path: ["taxpayer_id"] });
    }
  });
export type OwnerForm = z.infer<typeof ownerFormSchema>;

export const ownerIdParamsSchema = z.object({ id: z.uuid({ error: ownerMessages.notFound }) });
export const propertyIdParamsSchema = z.object({ id: z.uuid({ error: ownerMessages.property }) });

const named = z.object({ id: z.uuid(), name: z.string() });

export const ownerSchema = z.object({
  id: z.uuid(),
  kind: z.enum(OWNER_KINDS),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  legal_name: z.string().nullable(),
  tax_classification: z.enum(TAX_CLASSIFICATIONS).nullable(),
  taxpayer_id_last4: z.string().nullable(),
  eligible_1099: z.boolean(),
  /** The properties the owner holds today and their share of each. */
  properties: z.array(z.object({ property: named, share_bp: z.number().int() })),
});
export type Owner = z.infer<typeof ownerSchema>;
export const ownersSchema = z.object({ owners: z.array(ownerSchema) });

/** PUT /properties/{id}/owners: who owns the property from a day, shares adding up to 100%. */
export const setOwnershipSchema = z
  .object({
    starts_on: civilDateSchema(),
    owners: z
      .array(
        z.object({
          owner_id: z.uuid({ error: ownerMessages.owner }),
          share_bp: z.number().int().min(1, ownerMessages.share).max(WHOLE_SHARE_BP, ownerMessages.share),
        }),
      )
      .min(1, ownerMessages.owner)
      .max(50),
  })
  .superRefine((o, ctx) => {
    const total = o.owners.reduce((s, x) => s + x.share_bp, 0);
    if (total !== WHOLE_SHARE_BP)
      ctx.addIssue({ code: "custom", message: ownerMessages.sharesTotal(total), path: ["owners"] });
    if (new Set(o.owners.map((x) => x.owner_id)).size !== o.owners.length) {
      ctx.addIssue({ code: "custom", message: ownerMessages.ownerTwice, path: ["owners"] });
    }
  });
export type SetOwnership = z.infer<typeof setOwnershipSchema>;

export const ownershipSchema = z.object({
  property: named,
  starts_on: z.string(),
  owners: z.array(z.object({ owner: named, share_bp: z.number().int() })),
});
export type Ownership = z.infer<typeof ownershipSchema>;

/**
 * What a management fee's percent is of: the income tenants paid in the period on the chosen accounts
 * (collected, cash basis: what most agreements say), or all the income posted to them (accrual).
 */
export const FEE_BASES = ["collected", "posted"] as const;
export type FeeBasis = (typeof FEE_BASES)[number];
export const feeBasisLabels: Record<FeeBasis, string> = {
  collected: "Income collected",
  posted: "Income charged",
};

export const createManagementAgreementSchema = z
  .object({
    property_id: z.uuid({ error: ownerMessages.property }),
    starts_on: civilDateSchema(),
    ends_on: civilDateSchema().nullish(),
    fee_percent_bp: z.number().int().min(0).max(WHOLE_SHARE_BP).default(0),
    fee_account_ids: z.array(z.number().int().positive()).max(50).default([]),
    fee_basis: z.enum(FEE_BASES).default("collected"),
    flat_per_property_cents: cents(ownerMessages.amount).default(0),
    flat_per_unit_cents: cents(ownerMessages.amount).default(0),
    minimum_cents: cents(ownerMessages.amount).default(0),
    reserve_cents: cents(ownerMessages.amount).default(0),
  })
  .refine((a) => a.fee_percent_bp === 0 || a.fee_account_ids.length > 0, {
    message: ownerMessages.feeAccounts,
    path: ["fee_account_ids"],
  });
export type CreateManagementAgreement = z.infer<typeof createManagementAgreementSchema>;

/** POST /management-agreements/{id}/end: the last day it is in force. */
export const endManagementAgreementSchema = z.object({ ends_on: civilDateSchema() });
export const agreementIdParamsSchema = z.object({ id: z.uuid({ error: ownerMessages.agreementNotFound }) });

export const managementAgreementSchema = z.object({
  id: z.uuid(),
  property: named,
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  fee_percent_bp: z.number().int(),
  fee_account_ids: z.array(z.number().int()),
  fee_basis: z.enum(FEE_BASES),
  flat_per_property_cents: z.number().int(),
  flat_per_unit_cents: z.number().int(),
  minimum_cents: z.number().int(),
  reserve_cents: z.number().int(),
});
export type ManagementAgreement = z.infer<typeof managementAgreementSchema>;
export const managementAgreementsSchema = z.object({ agreements: z.array(managementAgreementSchema) });

/** POST /management-fee-runs: each managed property's fee for whole months, posted once. */
export const createFeeRunSchema = z.object({ period_start: civilDateSchema(), period_end: civilDateSchema() });
export type CreateFeeRun = z.infer<typeof createFeeRunSchema>;
export const feeRunSchema = z.object({
  run_id: z.uuid(),
  period_start: z.string(),
  period_end: z.string(),
  fees: z.array(
    z.object({
      property: named,
      income_cents: z.number().int(),
      fee_cents: z.number().int(),
      entry_id: z.number().int().nullable(),
    }),
  ),
  total_cents: z.number().int(),
});
export type FeeRun = z.infer<typeof feeRunSchema>;

export const createContributionSchema = z.object({
  owner_id: z.uuid({ error: ownerMessages.owner }),
  property_id: z.uuid({ error: ownerMessages.property }),
  bank_account_id: z.uuid({ error: ownerMessages.bankAccount }),
  received_on: civilDateSchema(),
  amount_cents: cents(ownerMessages.amount, 1),
  memo: z.string().trim().max(500).default(""),
  idempotency_key: key,
});
export type CreateContribution = z.infer<typeof createContributionSchema>;
export const contributionSchema = z.object({
  id: z.uuid(),
  owner: named,
  property: named,
  bank_account: named,
  received_on: z.string(),
  amount_cents: z.number().int(),
  memo: z.string(),
  entry_id: z.number().int(),
});
export type Contribution = z.infer<typeof contributionSchema>;

/**
 * POST /owner-distribution-runs: what each owner is paid from a trust bank account on a day. Without
 * `owners`, everything available; with them, those amounts (never more than available). `preview`
 * posts nothing and answers what would be paid.
 */
export const createDistributionRunSchema = z.object({
  bank_account_id: z.uuid({ error: ownerMessages.bankAccount }),
  paid_on: civilDateSchema(),
  owners: z
    .array(z.object({ owner_id: z.uuid(), amount_cents: cents(ownerMessages.amount, 0) }))
    .max(10_000)
    .optional(),
  preview: z.boolean().default(false),
  idempotency_key: key,
});
export type CreateDistributionRun = z.infer<typeof createDistributionRunSchema>;

export const distributionPropertySchema = z.object({
  property: named,
  share_bp: z.number().int(),
  /** The property's trust cash less its reserve, deposits held, prepaid rent and unpaid bills. */
  property_available_cents: z.number().int(),
  /** The owner's share of it (negative: the owner's share of a shortfall). */
  available_cents: z.number().int(),
  /** What this payment takes from (or, netted, puts into) the property's trust cash. */
  paid_cents: z.number().int(),
});
export const distributionSchema = z.object({
  owner: named,
  available_cents: z.number().int(),
  amount_cents: z.number().int(),
  entry_id: z.number().int().nullable(),
  properties: z.array(distributionPropertySchema),
});
export type Distribution = z.infer<typeof distributionSchema>;
export const distributionRunSchema = z.object({
  run_id: z.uuid().nullable(),
  paid_on: z.string(),
  bank_account: named,
  distributions: z.array(distributionSchema),
  total_cents: z.number().int(),
});
export type DistributionRun = z.infer<typeof distributionRunSchema>;

/** GET /owner-distributions: what was paid to whom, newest first. */
export const paidDistributionSchema = z.object({
  id: z.uuid(),
  run_id: z.uuid(),
  owner: named,
  bank_account: named,
  paid_on: z.string(),
  amount_cents: z.number().int(),
  entry_id: z.number().int(),
});
export type PaidDistribution = z.infer<typeof paidDistributionSchema>;
export const paidDistributionsSchema = z.object({ distributions: z.array(paidDistributionSchema) });
