import { z } from "zod";
import { reportSpanQuery } from "./report-span.ts";

/**
 * Occupancy over time (Reports > Occupancy; issue 30 item 2): at the end of each month of a span,
 * the units and those a lease held (physical occupancy), and the rent charged in the month against
 * the units' market rent (economic occupancy); by property on the last day; and the units vacant
 * longest then.
 */
export const MAX_OCCUPANCY_MONTHS = 36;
export const occupancyMessages = {
  tooLong: `At most ${MAX_OCCUPANCY_MONTHS} months at once`,
};

/** Twelve months to today when left out (from the first of the month eleven months before `to`). */
export const occupancyQuerySchema = reportSpanQuery({});
export type OccupancyQuery = z.infer<typeof occupancyQuerySchema>;

const figures = {
  units: z.number().int(),
  occupied: z.number().int(),
  /** The units' market rent for a month (units without one count nothing). */
  market_rent_cents: z.number().int(),
  /** Rent charged in the month (the rent accounts' credits less debits). */
  rent_charged_cents: z.number().int(),
};
export type OccupancyFigures = {
  units: number;
  occupied: number;
  market_rent_cents: number;
  rent_charged_cents: number;
};

export const occupancyReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  property: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** One per month, oldest first: its last day (or `to`) and its figures. */
  months: z.array(z.object({ day: z.string(), ...figures })),
  /** On `to`, by property name. */
  by_property: z.array(z.object({ property: z.object({ id: z.string(), name: z.string() }), ...figures })),
  /** The vacant units on `to`, longest vacant first (never leased last), at most VACANT_LONGEST_SHOWN. */
  vacant_longest: z.array(
    z.object({
      unit_id: z.number().int(),
      unit_number: z.string(),
      property: z.object({ id: z.string(), name: z.string() }),
      market_rent_cents: z.number().int().nullable(),
      /** The day its last lease ended, null when never leased. */
      vacant_since: z.string().nullable(),
      days_vacant: z.number().int().nullable(),
    }),
  ),
});
export type OccupancyReport = z.infer<typeof occupancyReportSchema>;

export const VACANT_LONGEST_SHOWN = 20;
