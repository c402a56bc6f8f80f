import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { formatCents } from "./money.ts";
import { TEXT_LIMITS, textMessages } from "./text.ts";

/**
 * A maintenance request's costs (issue 28 item 5, decision 034 "Costs and billing the resident"):
 * labor, material and other lines (a quantity at a rate, billable to the resident or not), an
 * estimate and a not-to-exceed amount, and the one charge "Bill to resident" posts to the lease.
 */
export const COST_KINDS = ["labor", "material", "other"] as const;
export type CostKind = (typeof COST_KINDS)[number];
export const COST_KIND_LABELS: Record<CostKind, string> = { labor: "Labor", material: "Material", other: "Other" };

/** At most 10,000 (hours, pieces) at most $100,000.00 each: a line stays far inside exact integers. */
export const MAX_COST_QUANTITY_HUNDREDTHS = 1_000_000;
export const MAX_COST_RATE_CENTS = 10_000_000;
export const MAX_COST_LIMIT_CENTS = 100_000_000_000;
export const COST_DESCRIPTION_MAX = TEXT_LIMITS.shortText;

const QUANTITY_PATTERN = /^\d{1,5}(\.\d{1,2})?$/;

/** A quantity as typed ("1.5", "3", "0.25") in hundredths, exactly; null when it is not one. */
export function quantityHundredths(quantity: string): number | null {
  const t = quantity.trim();
  if (!QUANTITY_PATTERN.test(t)) return null;
  const [whole = "0", fraction = ""] = t.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * A line's amount in cents: quantity × rate, rounded once, half up (1.5 h × $85.00 = $127.50;
 * 0.33 × $0.50 = 16.5¢ → 17¢). The one computation the server stores and the dialog shows.
 */
export function costLineCents(quantity: string, rateCents: number): number {
  const hundredths = quantityHundredths(quantity);
  if (hundredths === null || !Number.isInteger(rateCents) || rateCents < 0) throw new Error("not a cost line");
  return Math.floor((hundredths * rateCents + 50) / 100);
}

/** A quantity as the API answers it: no trailing zeros ("1.5", "3"). */
export const normalQuantity = (quantity: string) => {
  const h = quantityHundredths(quantity);
  if (h === null) return quantity;
  const fraction = String(h % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${Math.floor(h / 100)}.${fraction}` : String(Math.floor(h / 100));
};

export interface CostTotals {
  labor_cents: number;
  material_cents: number;
  other_cents: number;
  total_cents: number;
  billable_cents: number;
}

/** The totals of lines, each line's amount computed by costLineCents. */
export function costTotals(lines: readonly { kind: CostKind; amount_cents: number; billable: boolean }[]): CostTotals {
  const t: CostTotals = { labor_cents: 0, material_cents: 0, other_cents: 0, total_cents: 0, billable_cents: 0 };
  for (const l of lines) {
    t[`${l.kind}_cents`] += l.amount_cents;
    t.total_cents += l.amount_cents;
    if (l.billable) t.billable_cents += l.amount_cents;
  }
  return t;
}

export const costMessages = {
  kind: "Choose labor, material or other",
  descriptionRequired: "Say what the cost is for",
  quantity: "Enter a quantity like 1.5 (up to two decimals, more than zero)",
  rate: "Enter the rate in dollars and cents",
  rateTooLarge: `A rate is at most ${formatCents(MAX_COST_RATE_CENTS)}`,
  limit: "Enter an amount in dollars and cents",
  lineNotFound: "Cost line not found",
  workOrder: "That work order is not one of this request's",
  closed: "The request is completed or canceled: reopen it to change its costs",
  holdNote: (total: number, limit: number) =>
    `Costs ${formatCents(total)} exceed the not-to-exceed amount of ${formatCents(limit)}: approval needed`,
  overLimitNew: (total: number, limit: number) =>
    `Costs ${formatCents(total)} would exceed the not-to-exceed amount of ${formatCents(limit)}: triage the request first (so it can be put on hold for approval), or raise the limit`,
  noLease: "Link the request to a lease to bill the resident",
  nothingBillable: "No billable costs to bill: mark the lines the resident pays as billable",
  alreadyBilled: (billed: number, on: string) =>
    `Already billed ${formatCents(billed)} on ${on}; credit the lease to change it`,
  billed: (billed: number) => `Billed ${formatCents(billed)} to the resident`,
} as const;

export const costLineIdParamsSchema = z.object({
  id: z.uuid("Not a maintenance request id"),
  lineId: z.uuid(costMessages.lineNotFound),
});

/** A cost line as the dialog and the API take it. */
export const costLineInputSchema = z.object({
  kind: z.enum(COST_KINDS, { error: costMessages.kind }),
  description: z
    .string({ error: costMessages.descriptionRequired })
    .trim()
    .min(1, costMessages.descriptionRequired)
    .max(COST_DESCRIPTION_MAX, textMessages.tooLong(COST_DESCRIPTION_MAX)),
  quantity: z
    .string({ error: costMessages.quantity })
    .trim()
    .refine((q) => {
      const h = quantityHundredths(q);
      return h !== null && h > 0 && h <= MAX_COST_QUANTITY_HUNDREDTHS;
    }, costMessages.quantity),
  rate_cents: z
    .number({ error: costMessages.rate })
    .int(costMessages.rate)
    .min(0, costMessages.rate)
    .max(MAX_COST_RATE_CENTS, costMessages.rateTooLarge),
  billable: z.boolean().default(false),
  /** The day of the work, in the organization's time zone; today when not given. */
  incurred_on: civilDateSchema().nullish(),
  /** The request's work order the cost belongs to (decision 034, "Work orders"); null: the request at large, absent: unchanged. */
  work_order_id: z.uuid(costMessages.workOrder).nullish(),
});
export type CostLineInput = z.input<typeof costLineInputSchema>;
export type CostLine = z.output<typeof costLineInputSchema>;

const limitCents = z
  .number({ error: costMessages.limit })
  .int(costMessages.limit)
  .min(0, costMessages.limit)
  .max(MAX_COST_LIMIT_CENTS, costMessages.limit)
  .nullable();

/** PUT /maintenance-requests/{id}/cost-limits: the estimate and the not-to-exceed amount (null: none). */
export const costLimitsSchema = z.object({ estimate_cents: limitCents, not_to_exceed_cents: limitCents });
export type CostLimits = z.output<typeof costLimitsSchema>;

export const costLineSchema = z.object({
  id: z.string(),
  kind: z.enum(COST_KINDS),
  description: z.string(),
  quantity: z.string(),
  rate_cents: z.number().int(),
  amount_cents: z.number().int(),
  billable: z.boolean(),
  incurred_on: z.string(),
  work_order_id: z.string().nullable().default(null),
  created_date: z.string(),
  /** The vendor's bill (not void) the line is billed on, entered in accounts payable (decision 043). */
  vendor_bill: z
    .object({ id: z.string(), vendor_name: z.string(), reference: z.string().nullable(), bill_date: z.string() })
    .nullable()
    .default(null),
});
export type CostLineRow = z.infer<typeof costLineSchema>;

export const costBillingSchema = z.object({
  entry_id: z.number().int(),
  billed_cents: z.number().int(),
  /** The charge's date on the lease ledger (the organization's day it was billed). */
  billed_on: z.string(),
  lease_id: z.string(),
});

/** A request's costs: what every cost operation answers. */
export const requestCostsSchema = z.object({
  request_id: z.string(),
  /** The request's status after the write (a cost over the limit may have put it on hold). */
  status: z.string(),
  lease_id: z.string().nullable(),
  lease_no: z.number().int().nullable(),
  estimate_cents: z.number().int().nullable(),
  not_to_exceed_cents: z.number().int().nullable(),
  lines: z.array(costLineSchema),
  totals: z.object({
    labor_cents: z.number().int(),
    material_cents: z.number().int(),
    other_cents: z.number().int(),
    total_cents: z.number().int(),
    billable_cents: z.number().int(),
  }),
  billing: costBillingSchema.nullable(),
});
export type RequestCosts = z.infer<typeof requestCostsSchema>;

/** POST /maintenance-requests/{id}/bill-to-resident: the charge and the lease's balance after it. */
export const billToResidentResponseSchema = z.object({
  costs: requestCostsSchema,
  balance_cents: z.number().int(),
});

/** GET /maintenance-costs: per-property totals of the lines of a span of days (their `incurred_on`). */
export const maintenanceCostsQuerySchema = z.object({
  property_id: z.uuid("Not a property id").optional(),
  from: civilDateSchema().optional(),
  to: civilDateSchema().optional(),
});

export const propertyCostsSchema = z.object({
  property_id: z.string(),
  property_name: z.string(),
  requests: z.number().int(),
  labor_cents: z.number().int(),
  material_cents: z.number().int(),
  other_cents: z.number().int(),
  total_cents: z.number().int(),
  billable_cents: z.number().int(),
  /** What was billed to residents (charges dated in the span). */
  billed_cents: z.number().int(),
});
export const maintenanceCostsSummarySchema = z.object({ properties: z.array(propertyCostsSchema) });
