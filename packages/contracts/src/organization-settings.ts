import { z } from "zod";

/**
 * The organization's settings an administrator edits in Settings (issue 27, item 1): its time zone,
 * the calendar of every civil date (which day "today" is for due charges, late fees and periods).
 */
export const DEFAULT_TIME_ZONE = "America/New_York";

/** The IANA zones offered and accepted: those the runtime knows (Intl), plus UTC. */
export function timeZoneNames(): readonly string[] {
  const known = Intl.supportedValuesOf("timeZone");
  return known.includes("UTC") ? known : [...known, "UTC"];
}

let accepted: Set<string> | undefined;
export function isTimeZoneName(value: string) {
  accepted ??= new Set(timeZoneNames());
  return accepted.has(value);
}

export const organizationSettingsMessages = {
  timeZone: "Choose a time zone from the list, such as America/Chicago",
  nsfFee: "Give the NSF fee in whole cents, from 0 to 100000",
} as const;

export const organizationSettingsSchema = z.object({
  time_zone: z
    .string({ error: organizationSettingsMessages.timeZone })
    .trim()
    .refine(isTimeZoneName, organizationSettingsMessages.timeZone),
  /** The fee posted when a tenant's payment comes back (NSF), unless the return names another; unchanged when left out. */
  nsf_fee_cents: z
    .number({ error: organizationSettingsMessages.nsfFee })
    .int(organizationSettingsMessages.nsfFee)
    .min(0, organizationSettingsMessages.nsfFee)
    .max(100_000, organizationSettingsMessages.nsfFee)
    .optional(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;
