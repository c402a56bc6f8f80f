import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { lifecycleMessages, RENEWAL_WINDOWS } from "./lease-lifecycle.ts";
import { REPORT_FORMATS, reportMessages } from "./reports.ts";

/**
 * Lease expirations (Reports > Occupancy; issue 30 item 2): the fixed-term leases current or on
 * notice on a day whose term ends within the next 30, 60, 90 or 120 days, with where their renewal
 * stands, soonest first.
 */
export const RENEWAL_STANDINGS = ["renewed", "offered", "declined", "notice", "none"] as const;
export type RenewalStanding = (typeof RENEWAL_STANDINGS)[number];
export const renewalStandingLabels: Record<RenewalStanding, string> = {
  renewed: "Renewed",
  offered: "Offer out",
  declined: "Offer declined",
  notice: "Notice given",
  none: "No offer yet",
};

export const leaseExpirationsQuerySchema = z.object({
  as_of: civilDateSchema().optional(),
  /** The window: the renewal offers' windows (30, 60, 90 or 120 days). */
  days: z.coerce
    .number({ error: lifecycleMessages.renewalWithin })
    .refine((d) => (RENEWAL_WINDOWS as readonly number[]).includes(d), lifecycleMessages.renewalWithin)
    .default(90),
  property_id: z.uuid({ error: reportMessages.property }).optional(),
  format: z.enum(REPORT_FORMATS).default("json"),
});
export type LeaseExpirationsQuery = z.infer<typeof leaseExpirationsQuerySchema>;

export const leaseExpirationSchema = z.object({
  lease: z.object({ id: z.string(), lease_no: z.number().int() }),
  property: z.object({ id: z.string(), name: z.string() }),
  unit_names: z.string(),
  tenant_names: z.string(),
  rent_cents: z.number().int(),
  end_date: z.string(),
  days_left: z.number().int(),
  renewal: z.enum(RENEWAL_STANDINGS),
  /** The rent of the latest offer, when there is one. */
  offered_rent_cents: z.number().int().nullable(),
  /** For a lease on notice, the day the tenant leaves. */
  move_out_date: z.string().nullable(),
});
export type LeaseExpiration = z.infer<typeof leaseExpirationSchema>;

export const leaseExpirationsSchema = z.object({
  as_of: z.string(),
  through: z.string(),
  days: z.number().int(),
  property: z.object({ id: z.string(), name: z.string() }).nullable(),
  rows: z.array(leaseExpirationSchema),
  /** How many end in each window (30, 60, 90, 120 days; each counts the shorter ones too). */
  windows: z.array(z.object({ days: z.number().int(), leases: z.number().int(), rent_cents: z.number().int() })),
});
export type LeaseExpirations = z.infer<typeof leaseExpirationsSchema>;
