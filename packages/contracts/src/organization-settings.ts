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
} as const;

export const organizationSettingsSchema = z.object({
  time_zone: z
    .string({ error: organizationSettingsMessages.timeZone })
    .trim()
    .refine(isTimeZoneName, organizationSettingsMessages.timeZone),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;
