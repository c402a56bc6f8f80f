import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { REPORT_FORMATS, reportMessages } from "./reports.ts";

/**
 * Delinquency and aged receivables (Reports > Financial; issue 30 item 3): on any day, what each
 * lease owed of the charges due by then, by age (days since the charge was due), less the money it
 * had paid ahead (prepaid rent, credits not yet applied); current and past tenants; and the same
 * by charge type.
 */
export const AGING_BUCKETS = ["0-30", "31-60", "61-90", "90+"] as const;
export const agingBucketLabels = ["0–30 days", "31–60 days", "61–90 days", "Over 90 days"] as const;
/** The bucket of a charge due `days` days before the report's day (0: due that day). */
export const agingBucketOf = (days: number) => (days <= 30 ? 0 : days <= 60 ? 1 : days <= 90 ? 2 : 3);

export const LEASE_STANDINGS = ["current", "notice", "past", "future"] as const;
export type LeaseStanding = (typeof LEASE_STANDINGS)[number];
export const leaseStandingLabels: Record<LeaseStanding, string> = {
  current: "Current",
  notice: "On notice",
  past: "Past",
  future: "Not started",
};

export const DELINQUENCY_TENANTS = ["all", "current", "past"] as const;
export const delinquencyTenantLabels: Record<(typeof DELINQUENCY_TENANTS)[number], string> = {
  all: "Current and past",
  current: "Current tenants",
  past: "Past tenants",
};

export const delinquencyQuerySchema = z.object({
  as_of: civilDateSchema().optional(),
  property_id: z.uuid({ error: reportMessages.property }).optional(),
  /** current: leases current, on notice or not started that day; past: moved out or ended by then. */
  tenants: z.enum(DELINQUENCY_TENANTS).default("all"),
  format: z.enum(REPORT_FORMATS).default("json"),
});
export type DelinquencyQuery = z.infer<typeof delinquencyQuerySchema>;

const buckets = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()]);
export type AgingBuckets = z.infer<typeof buckets>;

export const delinquencyRowSchema = z.object({
  lease: z.object({ id: z.string(), lease_no: z.number().int() }),
  property: z.object({ id: z.string(), name: z.string() }),
  unit_names: z.string(),
  tenant_names: z.string(),
  standing: z.enum(LEASE_STANDINGS),
  /** What was still owed that day of charges due by then, by age. */
  buckets_cents: buckets,
  owed_cents: z.number().int(),
  /** Money paid ahead and not applied yet that day (prepaid rent, credits): netted. */
  credits_cents: z.number().int(),
  /** owed less credits: more than zero, or the lease is not delinquent. */
  net_cents: z.number().int(),
  oldest_due: z.string(),
});
export type DelinquencyRow = z.infer<typeof delinquencyRowSchema>;

export const delinquencySchema = z.object({
  as_of: z.string(),
  property: z.object({ id: z.string(), name: z.string() }).nullable(),
  tenants: z.enum(DELINQUENCY_TENANTS),
  /** The delinquent leases, those owing most first. */
  rows: z.array(delinquencyRowSchema),
  /** The same leases' open charges by charge type (the account each charge was for). */
  by_charge_type: z.array(
    z.object({
      account: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
      buckets_cents: buckets,
      owed_cents: z.number().int(),
    }),
  ),
  totals: z.object({
    leases: z.number().int(),
    buckets_cents: buckets,
    owed_cents: z.number().int(),
    credits_cents: z.number().int(),
    net_cents: z.number().int(),
  }),
});
export type Delinquency = z.infer<typeof delinquencySchema>;
