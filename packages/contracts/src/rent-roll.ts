import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { REPORT_FORMATS, reportMessages } from "./reports.ts";

/**
 * The rent roll (Reports > Occupancy; issue 30 item 2): every unit of the organization or a
 * property on a day, past or present: the leases in effect that day (current, or on notice with
 * their move-out date) with their rent, market rent, deposits held and balance on that day, and the
 * vacant units with how long they had been vacant.
 */
export const RENT_ROLL_SECTIONS = ["current", "notice", "vacant"] as const;
export type RentRollSection = (typeof RENT_ROLL_SECTIONS)[number];
export const rentRollSectionLabels: Record<RentRollSection, string> = {
  current: "Current",
  notice: "On notice",
  vacant: "Vacant",
};

export const rentRollQuerySchema = z.object({
  /** The day (the organization's today when left out). */
  as_of: civilDateSchema().optional(),
  property_id: z.uuid({ error: reportMessages.property }).optional(),
  format: z.enum(REPORT_FORMATS).default("json"),
});
export type RentRollQuery = z.infer<typeof rentRollQuerySchema>;

export const rentRollRowSchema = z.object({
  section: z.enum(RENT_ROLL_SECTIONS),
  property: z.object({ id: z.string(), name: z.string() }),
  /** The unit's number, or a lease's units joined ("101, 102"). */
  unit_names: z.string(),
  /** null on a VACANT row. */
  lease: z.object({ id: z.string(), lease_no: z.number().int() }).nullable(),
  tenant_names: z.string(),
  /** The units' market rent (their rent estimate); null when a unit has none. */
  market_rent_cents: z.number().int().nullable(),
  /** The monthly rent in effect that day, and the lease's other monthly charges. */
  rent_cents: z.number().int(),
  other_charges_cents: z.number().int(),
  deposits_held_cents: z.number().int(),
  /** What the lease owed at the end of the day (negative: a credit). */
  balance_cents: z.number().int(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  move_in_date: z.string().nullable(),
  /** For a lease on notice, the day the tenant will leave. */
  move_out_date: z.string().nullable(),
  /** For a vacant unit, days since its last lease ended; null when it was never leased. */
  days_vacant: z.number().int().nullable(),
});
export type RentRollRow = z.infer<typeof rentRollRowSchema>;

export const rentRollTotalsSchema = z.object({
  units: z.number().int(),
  occupied: z.number().int(),
  notice: z.number().int(),
  vacant: z.number().int(),
  market_rent_cents: z.number().int(),
  rent_cents: z.number().int(),
  other_charges_cents: z.number().int(),
  deposits_held_cents: z.number().int(),
  balance_cents: z.number().int(),
});

export const rentRollSchema = z.object({
  as_of: z.string(),
  property: z.object({ id: z.string(), name: z.string() }).nullable(),
  rows: z.array(rentRollRowSchema),
  totals: rentRollTotalsSchema,
  /**
   * What leases not on the roll owed that day (ended and not yet started leases, and leases of no
   * unit): with the roll's balance, what the tenants' ledgers (receivables less prepaid rent) held.
   */
  other_leases_balance_cents: z.number().int(),
});
export type RentRoll = z.infer<typeof rentRollSchema>;

/** A row's amounts in the roll's order: market rent, rent, other charges, deposits held, balance; null where it has none. */
export type RentRollFigures = [number | null, number | null, number | null, number | null, number | null];
export const RENT_ROLL_FIGURE_LABELS = ["Market rent", "Rent", "Other charges", "Deposits held", "Balance"] as const;

export const rentRollFigures = (r: RentRollRow): RentRollFigures =>
  r.lease
    ? [r.market_rent_cents, r.rent_cents, r.other_charges_cents, r.deposits_held_cents, r.balance_cents]
    : // A vacant unit has its market rent and nothing else.
      [r.market_rent_cents, null, null, null, null];

/** Two sets of amounts added up, column by column; a column neither has stays empty. */
export const addRentRollFigures = (a: RentRollFigures, b: RentRollFigures): RentRollFigures =>
  a.map((v, i) => {
    const w = b[i] ?? null;
    return v === null ? w : w === null ? v : v + w;
  }) as RentRollFigures;

export const NO_RENT_ROLL_FIGURES: RentRollFigures = [null, null, null, null, null];

/** Rows' amounts added up (a subtotal); a column none of them has stays empty. */
export const sumRentRollFigures = (rows: RentRollRow[]): RentRollFigures =>
  rows.reduce((sum, r) => addRentRollFigures(sum, rentRollFigures(r)), NO_RENT_ROLL_FIGURES);
