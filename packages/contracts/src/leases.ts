import { z } from "zod";
import { civilDateSchema } from "./civil-date.ts";
import { declareColumns, fieldLabelsOf, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { formatCents } from "./money.ts";

/**
 * Leases (issue 27 items 8 and 9, decision 029): a lease of one property covers one or more of its
 * units and zones (a unit plus a parking space or storage), has parties with roles, a fixed term or
 * month-to-month, and its money as recurring charges (rent plus others, effective-dated) posted to
 * the ledger. Money is integer cents; dates are civil dates (YYYY-MM-DD).
 */

export const LEASES_PAGE_SIZE = 2000;
export const LEASE_PETS_PAGE_SIZE = 2000;

export const LEASE_STATUSES = ["pending", "active", "notice", "ended", "canceled"] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];
export const LEASE_STATUS_LABELS: Record<LeaseStatus, string> = {
  pending: "Pending",
  active: "Active",
  notice: "Notice",
  ended: "Ended",
  canceled: "Canceled",
};

export const LEASE_TERMS = ["fixed", "month_to_month"] as const;
export type LeaseTerm = (typeof LEASE_TERMS)[number];
export const LEASE_TERM_LABELS: Record<LeaseTerm, string> = { fixed: "Fixed term", month_to_month: "Month-to-month" };

export const LEASE_PARTY_ROLES = ["primary", "co_tenant", "occupant", "guarantor"] as const;
export type LeasePartyRole = (typeof LEASE_PARTY_ROLES)[number];
export const LEASE_PARTY_ROLE_LABELS: Record<LeasePartyRole, string> = {
  primary: "Primary tenant",
  co_tenant: "Co-tenant",
  occupant: "Occupant",
  guarantor: "Guarantor",
};

export const LATE_FEE_TYPES = ["none", "flat", "percent"] as const;
export type LateFeeType = (typeof LATE_FEE_TYPES)[number];
export const LATE_FEE_TYPE_LABELS: Record<LateFeeType, string> = {
  none: "No late fee",
  flat: "Flat amount",
  percent: "Percent of the month's rent",
};

/** The recurring charges a lease form lists besides rent (rent is `rent_cents`). */
export const OTHER_CHARGE_KINDS = ["parking", "pet_rent", "storage", "utilities", "other"] as const;
export type OtherChargeKind = (typeof OTHER_CHARGE_KINDS)[number];
export const RECURRING_CHARGE_KINDS = ["rent", ...OTHER_CHARGE_KINDS] as const;
export type RecurringChargeKind = (typeof RECURRING_CHARGE_KINDS)[number];
export const RECURRING_CHARGE_KIND_LABELS: Record<RecurringChargeKind, string> = {
  rent: "Rent",
  parking: "Parking",
  pet_rent: "Pet rent",
  storage: "Storage",
  utilities: "Utilities",
  other: "Other",
};

export const PET_KINDS = ["dog", "cat", "bird", "fish", "reptile", "small_animal", "other"] as const;
export type PetKind = (typeof PET_KINDS)[number];
export const PET_KIND_LABELS: Record<PetKind, string> = {
  dog: "Dog",
  cat: "Cat",
  bird: "Bird",
  fish: "Fish",
  reptile: "Reptile",
  small_animal: "Small animal",
  other: "Other",
};

/** Largest amount of one charge or deposit: ten million dollars. */
export const LEASE_MAX_CENTS = 1_000_000_000;
export const LEASE_MAX_UNITS = 20;
export const LEASE_MAX_PARTIES = 20;
export const LEASE_MAX_CHARGES = 20;
export const LEASE_MAX_PETS = 20;
export const LEASE_MAX_FEES = 20;
export const LEASE_TEXT_MAX = 200;

export const leaseMessages = {
  propertyRequired: "Choose the property this lease is of",
  propertyUnknown: "That property does not exist in your organization",
  unitsRequired: "A lease covers at least one unit",
  unitOrZone: "Choose a unit or a zone (parking, storage) for each line",
  tooManyUnits: `A lease covers at most ${LEASE_MAX_UNITS} units and zones`,
  unitTwice: "The same unit or zone is listed twice",
  unitUnknown: "That unit does not exist in your organization",
  zoneUnknown: "That zone does not exist in your organization",
  unitOfOtherProperty: (unit: string, property: string) => `Unit ${unit} is not a unit of ${property}`,
  zoneOfOtherProperty: (zone: string, property: string) => `Zone ${zone} is not a zone of ${property}`,
  unitLeased: (unit: string, from: string, to: string | null) =>
    to
      ? `Unit ${unit} is already leased from ${from} to ${to}`
      : `Unit ${unit} is already leased from ${from}, month-to-month`,
  unitLeasedUnknown: "One of the units is already leased on some of these days",
  partiesRequired: "A lease needs its primary tenant",
  tooManyParties: `A lease has at most ${LEASE_MAX_PARTIES} parties`,
  onePrimary: "A lease has exactly one primary tenant",
  partyTwice: "The same tenant is listed twice",
  tenantRequired: "Choose the tenant",
  tenantUnknown: "That tenant does not exist in your organization",
  roleRequired: "Choose the tenant's role: primary, co-tenant, occupant or guarantor",
  termRequired: "Choose a fixed term or month-to-month",
  startRequired: "Enter the lease's start date (YYYY-MM-DD)",
  endRequired: "A fixed-term lease needs its end date (YYYY-MM-DD)",
  endForbidden: "A month-to-month lease has no end date",
  endBeforeStart: "The end date must be on or after the start date",
  dueDay: "Rent is due on a day from 1 to 31 (31: the month's last day)",
  graceDays: "Grace days are a whole number from 0 to 60",
  cents: `Amounts are whole cents from 0 to ${LEASE_MAX_CENTS}`,
  rentRequired: "Enter the monthly rent",
  percent: "Enter the late fee's percent as a number from 0 to 100 with at most 4 decimals (5 or 7.5)",
  lateFeeAmount: "A flat late fee needs its amount",
  lateFeePercent: "A percent late fee needs its percent",
  chargeAmount: "A recurring charge needs an amount above 0",
  chargeKind: "Choose the charge's kind: parking, pet rent, storage, utilities or other",
  tooManyCharges: `A lease has at most ${LEASE_MAX_CHARGES} other recurring charges`,
  tooLong: `At most ${LEASE_TEXT_MAX} characters`,
  petKind: "Choose the pet's kind",
  petWeight: "Enter the weight in pounds, up to one decimal (12.5)",
  assistanceAnimalFees: "Assistance animals carry no pet deposit or pet rent",
  tooManyPets: `A lease lists at most ${LEASE_MAX_PETS} pets`,
  effectiveDate: "Enter the day the change takes effect (YYYY-MM-DD)",
  effectiveDateRequired: "The lease is moved in: give the day its new rent or charges take effect",
  effectiveOutsideLease: "The change must take effect within the lease's dates",
  alreadyCharged: (month: string) =>
    `This charge is already posted through ${month}: a change can take effect from the month after`,
  rentOverlap: (from: string, other?: { from: string; cents: number }) =>
    other
      ? `The rent from ${from} overlaps the rent of ${formatCents(other.cents)} from ${other.from}: a lease has one rent on any day`
      : `The rent from ${from} overlaps another rent of this lease: a lease has one rent on any day`,
  notFound: "Lease not found",
  hasPostings: "This lease has postings on its ledger and cannot be deleted: cancel or end it instead",
  notPending: "Only a lease that is not moved in yet can be deleted",
  closedLease: (status: string) => `This lease is ${status}: it can no longer be changed`,
  startAfterMoveIn: "The lease is moved in: its start date can no longer change",
  propertyAfterMoveIn: "The lease is moved in: its property can no longer change",
  movedInAlready: "This lease is already moved in",
  moveInNotPending: (status: string) => `A ${status} lease cannot be moved in`,
  moveInDate: "Enter the move-in date (YYYY-MM-DD)",
  moveInAfterEnd: "The move-in date must be on or before the lease's end date",
  openingBalance: "The opening balance is whole cents (negative: the tenant's credit)",
  openingBalanceNeedsSkip: "An opening balance is only for a lease moved in without move-in charges",
  feeDescription: "Describe the fee (1 to 200 characters)",
  feeAmount: "A fee needs an amount above 0",
  tooManyFees: `At most ${LEASE_MAX_FEES} one-time fees`,
  loadFailed: "Failed to load leases. Please try again later.",
  loadPetsFailed: "Failed to load pets. Please try again later.",
  saveFailed: "Failed to save lease",
  createFailed: "Failed to create lease",
  deleteFailed: "Failed to delete lease",
  moveInFailed: "Failed to move in",
  selectToEdit: "Please select a lease to edit",
  selectOneToEdit: "Please select only one lease to edit",
  emptyTitle: "No Leases Found",
  emptyText: "Get started by adding your first lease.",
  emptyNoMatch: "No leases match the filters.",
  petsEmptyTitle: "No Pets Found",
  petsEmptyText: "Pets appear here when a lease lists them.",
  add: "Add Lease",
} as const;

const LEASE = "Lease Information";
const MONEY = "Money";
const DATES = "Dates";
const AUDIT = "Record";

/**
 * The leases grid, declared once. Every column is a column of `leases` (its names, rent and
 * property are copies kept with the lease) but the balance, read from the maintained lease_balances.
 */
export const LEASE_COLUMNS = declareColumns({
  lease_no: { label: "Lease No", type: "number", sortKey: "l.lease_no", category: LEASE },
  tenant_names: { label: "Tenants", type: "text", sortKey: "l.tenant_names", category: LEASE, field: "tenant_names" },
  property_name: {
    label: "Property",
    type: "text",
    sortKey: "l.property_name",
    category: LEASE,
    field: "property_name",
  },
  unit_names: { label: "Units", type: "text", sortKey: "l.unit_names", category: LEASE, field: "unit_names" },
  status: { label: "Status", type: "text", sortKey: "l.status", category: LEASE, field: "status" },
  term: { label: "Term", type: "text", sortKey: "l.term", category: LEASE, field: "term" },
  start_date: { label: "Start Date", type: "date", sortKey: "l.start_date", category: DATES, field: "start_date" },
  end_date: { label: "End Date", type: "date", sortKey: "l.end_date", category: DATES, field: "end_date" },
  move_out_date: { label: "Move-out Date", type: "date", sortKey: "l.move_out_date", category: DATES },
  rent_cents: { label: "Rent", type: "number", sortKey: "l.rent_cents", category: MONEY, field: "rent_cents" },
  deposit_cents: {
    label: "Deposit",
    type: "number",
    sortKey: "l.deposit_cents",
    category: MONEY,
    field: "deposit_cents",
  },
  balance_cents: { label: "Balance", type: "number", sortKey: "b.balance_cents", category: MONEY },
  created_date: {
    label: "Created Date",
    type: "date",
    sortKey: "l.created_date",
    category: AUDIT,
    defaultVisible: false,
  },
  last_modified_date: {
    label: "Last Modified",
    type: "date",
    sortKey: "l.last_modified_date",
    category: AUDIT,
    defaultVisible: false,
  },
});
export const LEASE_SORT_KEYS = sortKeysOf(LEASE_COLUMNS);
export const LEASE_FILTER_TYPES = filterTypesOf(LEASE_COLUMNS);
/** Labels of a lease's audited fields, as its History dialog shows them: the columns', and the form's others. */
export const LEASE_FIELD_LABELS: Record<string, string> = {
  ...fieldLabelsOf(LEASE_COLUMNS),
  move_out_date: "Move-out Date",
  moved_in_on: "Moved In",
  due_day: "Due Day",
  grace_days: "Grace Days",
  late_fee_type: "Late Fee",
  late_fee_cents: "Late Fee Amount",
  late_fee_percent: "Late Fee Percent",
  late_fee_max_cents: "Late Fee Maximum",
};

export const leaseListQuerySchema = listQuerySchema({
  columns: LEASE_COLUMNS,
  defaultSort: "l.lease_no",
  maxLimit: LEASES_PAGE_SIZE,
});
export type LeaseListQuery = z.infer<typeof leaseListQuerySchema>;

/** A lease as the grid shows it. Money in cents (the balance: what the lease owes, negative a credit). */
export const leaseRowSchema = z.object({
  id: z.string(),
  lease_no: z.number().int(),
  property_id: z.string(),
  property_name: z.string(),
  tenant_names: z.string(),
  unit_names: z.string(),
  status: z.enum(LEASE_STATUSES),
  term: z.enum(LEASE_TERMS),
  start_date: z.string(),
  end_date: z.string().nullable(),
  move_out_date: z.string().nullable(),
  rent_cents: z.number().int(),
  deposit_cents: z.number().int(),
  balance_cents: z.number().int(),
  created_by: z.number().int().nullable(),
  created_date: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
});
export type LeaseRow = z.infer<typeof leaseRowSchema>;

export const leaseListSchema = z.object({
  leases: z.array(leaseRowSchema),
  offset: z.number().int(),
  count: z.number().int(),
  total_count: z.number().int(),
});

// ---- the form ----

const cents = (message: string = leaseMessages.cents) =>
  z.number({ error: message }).int(message).min(0, message).max(LEASE_MAX_CENTS, message);
const positiveCents = (message: string) => cents(message).min(1, message);
const idOf = (message: string) => z.number({ error: message }).int(message).positive(message);
const text = (max = LEASE_TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max, leaseMessages.tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/** An exact decimal percent, 0 to 100, at most 4 decimals (NUMERIC(7,4)); never a float. */
export const PERCENT_PATTERN = /^(?:100(?:\.0{1,4})?|\d{1,2}(?:\.\d{1,4})?)$/;
const percent = z
  .union([z.string(), z.number()], { error: leaseMessages.percent })
  .transform((v) => String(v).trim())
  .refine((v) => PERCENT_PATTERN.test(v), leaseMessages.percent);

/** One unit or one zone of the lease's property. */
export const leaseUnitInputSchema = z.union(
  [z.object({ unit_id: idOf(leaseMessages.unitOrZone) }), z.object({ zone_id: idOf(leaseMessages.unitOrZone) })],
  { error: leaseMessages.unitOrZone },
);
export type LeaseUnitInput = z.infer<typeof leaseUnitInputSchema>;

export const leasePartyInputSchema = z.object({
  tenant_id: z.uuid({ error: leaseMessages.tenantRequired }),
  role: z.enum(LEASE_PARTY_ROLES, { error: leaseMessages.roleRequired }),
});

export const lateFeeSchema = z
  .object({
    type: z.enum(LATE_FEE_TYPES).default("none"),
    /** A flat fee. */
    amount_cents: cents().default(0),
    /** A percent of the month's rent, as an exact decimal text ("5", "7.5"). */
    percent: percent.default("0"),
    /** Never more than this per month, when set. */
    max_cents: cents()
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((f, ctx) => {
    if (f.type === "flat" && f.amount_cents === 0)
      ctx.addIssue({ code: "custom", path: ["amount_cents"], message: leaseMessages.lateFeeAmount });
    if (f.type === "percent" && Number(f.percent) === 0)
      ctx.addIssue({ code: "custom", path: ["percent"], message: leaseMessages.lateFeePercent });
  });
export type LateFee = z.infer<typeof lateFeeSchema>;

/** A recurring charge besides rent. `id` names an existing one on update (absent: a new charge). */
export const otherChargeInputSchema = z.object({
  id: z.uuid().optional(),
  kind: z.enum(OTHER_CHARGE_KINDS, { error: leaseMessages.chargeKind }),
  description: z.string().trim().max(LEASE_TEXT_MAX, leaseMessages.tooLong).default(""),
  amount_cents: positiveCents(leaseMessages.chargeAmount),
});
export type OtherChargeInput = z.infer<typeof otherChargeInputSchema>;

const WEIGHT = /^\d{1,5}(?:\.\d)?$/;
export const leasePetInputSchema = z
  .object({
    kind: z.enum(PET_KINDS, { error: leaseMessages.petKind }),
    name: text(),
    breed: text(),
    /** Pounds, up to one decimal, as text ("12.5") or a number. */
    weight_lbs: z
      .union([z.string(), z.number()], { error: leaseMessages.petWeight })
      .nullish()
      .transform((v) => (v === null || v === undefined || String(v).trim() === "" ? null : String(v).trim()))
      .refine((v) => v === null || WEIGHT.test(v), leaseMessages.petWeight),
    assistance_animal: z.boolean().default(false),
    pet_deposit_cents: cents().default(0),
    pet_rent_cents: cents().default(0),
    notes: text(1000),
  })
  .refine((p) => !p.assistance_animal || (p.pet_deposit_cents === 0 && p.pet_rent_cents === 0), {
    message: leaseMessages.assistanceAnimalFees,
    path: ["assistance_animal"],
  });
export type LeasePetInput = z.infer<typeof leasePetInputSchema>;

const leaseFields = z.object({
  property_id: z.uuid({ error: leaseMessages.propertyRequired }),
  units: z
    .array(leaseUnitInputSchema, { error: leaseMessages.unitsRequired })
    .min(1, leaseMessages.unitsRequired)
    .max(LEASE_MAX_UNITS, leaseMessages.tooManyUnits),
  parties: z
    .array(leasePartyInputSchema, { error: leaseMessages.partiesRequired })
    .min(1, leaseMessages.partiesRequired)
    .max(LEASE_MAX_PARTIES, leaseMessages.tooManyParties),
  term: z.enum(LEASE_TERMS, { error: leaseMessages.termRequired }),
  start_date: civilDateSchema(leaseMessages.startRequired),
  end_date: civilDateSchema(leaseMessages.endRequired)
    .nullish()
    .transform((v) => v ?? null),
  due_day: z
    .number({ error: leaseMessages.dueDay })
    .int(leaseMessages.dueDay)
    .min(1, leaseMessages.dueDay)
    .max(31, leaseMessages.dueDay)
    .default(1),
  grace_days: z
    .number({ error: leaseMessages.graceDays })
    .int(leaseMessages.graceDays)
    .min(0, leaseMessages.graceDays)
    .max(60, leaseMessages.graceDays)
    .default(5),
  late_fee: lateFeeSchema.default({ type: "none", amount_cents: 0, percent: "0", max_cents: null }),
  deposit_cents: cents().default(0),
  rent_cents: cents(leaseMessages.rentRequired),
  recurring_charges: z.array(otherChargeInputSchema).max(LEASE_MAX_CHARGES, leaseMessages.tooManyCharges).default([]),
  pets: z.array(leasePetInputSchema).max(LEASE_MAX_PETS, leaseMessages.tooManyPets).default([]),
  application_id: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
});

type LeaseFields = z.infer<typeof leaseFields>;

/** The rules across fields, for create and update alike. */
function checkLease(f: LeaseFields, ctx: z.RefinementCtx) {
  if (f.term === "fixed" && !f.end_date)
    ctx.addIssue({ code: "custom", path: ["end_date"], message: leaseMessages.endRequired });
  if (f.term === "month_to_month" && f.end_date)
    ctx.addIssue({ code: "custom", path: ["end_date"], message: leaseMessages.endForbidden });
  if (f.end_date && f.end_date < f.start_date)
    ctx.addIssue({ code: "custom", path: ["end_date"], message: leaseMessages.endBeforeStart });
  if (f.parties.filter((p) => p.role === "primary").length !== 1)
    ctx.addIssue({ code: "custom", path: ["parties"], message: leaseMessages.onePrimary });
  if (new Set(f.parties.map((p) => p.tenant_id)).size !== f.parties.length)
    ctx.addIssue({ code: "custom", path: ["parties"], message: leaseMessages.partyTwice });
  const unitKeys = f.units.map((u) => ("unit_id" in u ? `u${u.unit_id}` : `z${u.zone_id}`));
  if (new Set(unitKeys).size !== unitKeys.length)
    ctx.addIssue({ code: "custom", path: ["units"], message: leaseMessages.unitTwice });
}

/** POST /leases: a new lease, pending until it is moved in. */
export const leaseCreateSchema = leaseFields.superRefine(checkLease);
export type LeaseCreate = z.infer<typeof leaseCreateSchema>;
export type LeaseCreateInput = z.input<typeof leaseCreateSchema>;

/**
 * PUT /leases/{id}: the whole form again. On a lease not moved in, its charges are replaced as
 * given. Once moved in, a changed rent or other charge takes effect on `effective_date` (required
 * then): the charge in effect ends the day before and the new one starts that day.
 */
export const leaseUpdateSchema = leaseFields
  .extend({
    effective_date: civilDateSchema(leaseMessages.effectiveDate)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine(checkLease);
export type LeaseUpdate = z.infer<typeof leaseUpdateSchema>;
export type LeaseUpdateInput = z.input<typeof leaseUpdateSchema>;

// ---- the lease as the API answers it ----

export const leasePartySchema = z.object({
  tenant_id: z.string(),
  name: z.string(),
  role: z.enum(LEASE_PARTY_ROLES),
  /** The tenant's status as it follows their leases: none, future, current, notice, past. */
  tenant_status: z.string(),
  /** Where a resident portal invitation would go (decision 036); null without one. */
  email: z.string().nullable(),
  /** Their resident portal account: none, invited (no password yet) or active. */
  resident_portal: z.enum(["none", "invited", "active"]),
});

export const leaseUnitSchema = z.object({
  unit_id: z.number().int().nullable(),
  zone_id: z.number().int().nullable(),
  /** The unit's number or the zone's name. */
  name: z.string(),
  /** The days the lease holds it (ends_on null: open, month-to-month); holds false once canceled. */
  starts_on: z.string(),
  ends_on: z.string().nullable(),
  holds: z.boolean(),
});

/** One row of a lease's recurring charges: a change is a new row, so they are also its history. */
export const recurringChargeSchema = z.object({
  id: z.string(),
  kind: z.enum(RECURRING_CHARGE_KINDS),
  description: z.string(),
  amount_cents: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  due_day: z.number().int(),
  /** The first month not yet charged (YYYY-MM-01); null while the lease is not moved in. */
  next_period_start: z.string().nullable(),
  /**
   * In effect on the later of today and the lease's start: the rows the lease form shows and sends
   * back (others by `id`). A fixed-term lease's charges end on its end date, so "no end date" does
   * not tell them; rows ended before, or starting later (a scheduled rent), are history or plans.
   */
  in_effect: z.boolean(),
});
export type RecurringCharge = z.infer<typeof recurringChargeSchema>;

export const leasePetSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PET_KINDS),
  name: z.string().nullable(),
  breed: z.string().nullable(),
  weight_lbs: z.string().nullable(),
  assistance_animal: z.boolean(),
  pet_deposit_cents: z.number().int(),
  pet_rent_cents: z.number().int(),
  notes: z.string().nullable(),
});

/** GET /leases/{id} (and what create, update and move-in answer): the lease with everything on it. */
export const leaseSchema = leaseRowSchema.extend({
  moved_in_on: z.string().nullable(),
  notice_given_on: z.string().nullable(),
  moved_out_on: z.string().nullable(),
  due_day: z.number().int(),
  grace_days: z.number().int(),
  late_fee: z.object({
    type: z.enum(LATE_FEE_TYPES),
    amount_cents: z.number().int(),
    percent: z.string(),
    max_cents: z.number().int().nullable(),
  }),
  application_id: z.string().nullable(),
  renewed_from_id: z.string().nullable(),
  parties: z.array(leasePartySchema),
  units: z.array(leaseUnitSchema),
  /** Rent and the other charges, every row of their history, by kind then start date. */
  recurring_charges: z.array(recurringChargeSchema),
  pets: z.array(leasePetSchema),
});
export type Lease = z.infer<typeof leaseSchema>;

export const leaseResponseSchema = z.object({ lease: leaseSchema });
export const leaseIdParamsSchema = z.object({ id: z.uuid(leaseMessages.notFound) });

// ---- move-in ----

export const oneTimeFeeSchema = z.object({
  description: z
    .string({ error: leaseMessages.feeDescription })
    .trim()
    .min(1, leaseMessages.feeDescription)
    .max(LEASE_TEXT_MAX, leaseMessages.feeDescription),
  amount_cents: positiveCents(leaseMessages.feeAmount),
});

/**
 * POST /leases/{id}/move-in. Posts the first charges (the first month of each recurring charge,
 * prorated by calendar days counting the first day; the deposit and pet deposits; the one-time
 * fees), each once whatever the retries. With `skip_move_in_charges` (a tenant moved over from
 * another system): none of these, an opening balance instead when given, and the recurring charges
 * start with the month after the later of the move-in day and today.
 */
export const moveInSchema = z
  .object({
    /** The day they moved in; the lease's start date when absent. */
    moved_in_on: civilDateSchema(leaseMessages.moveInDate)
      .nullish()
      .transform((v) => v ?? null),
    skip_move_in_charges: z.boolean().default(false),
    /** What the tenant owed (negative: their credit) when moved over; only with skip_move_in_charges. */
    opening_balance_cents: z
      .number({ error: leaseMessages.openingBalance })
      .int(leaseMessages.openingBalance)
      .min(-LEASE_MAX_CENTS, leaseMessages.openingBalance)
      .max(LEASE_MAX_CENTS, leaseMessages.openingBalance)
      .nullish()
      .transform((v) => v ?? null),
    one_time_fees: z.array(oneTimeFeeSchema).max(LEASE_MAX_FEES, leaseMessages.tooManyFees).default([]),
  })
  .refine((m) => m.skip_move_in_charges || !m.opening_balance_cents, {
    message: leaseMessages.openingBalanceNeedsSkip,
    path: ["opening_balance_cents"],
  });
export type MoveIn = z.infer<typeof moveInSchema>;
export type MoveInInput = z.input<typeof moveInSchema>;

/** One posting of a move-in: its journal entry, what it was for and how much the lease owes for it. */
export const moveInPostingSchema = z.object({
  entry_id: z.number().int(),
  idempotency_key: z.string(),
  posted_on: z.string(),
  memo: z.string(),
  amount_cents: z.number().int(),
});
export const moveInResponseSchema = z.object({
  lease: leaseSchema,
  /** The entries of the move-in (on a repeat, those the first one posted). */
  postings: z.array(moveInPostingSchema),
});
export type MoveInResponse = z.infer<typeof moveInResponseSchema>;

// ---- Tenants > Pets ----

const PET = "Pet";
export const LEASE_PET_COLUMNS = declareColumns({
  lease_no: { label: "Lease No", type: "number", sortKey: "l.lease_no", category: LEASE },
  tenant_names: { label: "Tenants", type: "text", sortKey: "l.tenant_names", category: LEASE },
  property_name: { label: "Property", type: "text", sortKey: "l.property_name", category: LEASE },
  unit_names: { label: "Units", type: "text", sortKey: "l.unit_names", category: LEASE },
  kind: { label: "Kind", type: "text", sortKey: "p.kind", category: PET },
  name: { label: "Name", type: "text", sortKey: "p.name", category: PET },
  breed: { label: "Breed", type: "text", sortKey: "p.breed", category: PET },
  weight_lbs: { label: "Weight (lbs)", type: "number", sortKey: "p.weight_lbs", category: PET },
  assistance_animal: { label: "Assistance Animal", type: "text", category: PET },
  pet_deposit_cents: { label: "Pet Deposit", type: "number", sortKey: "p.pet_deposit_cents", category: MONEY },
  pet_rent_cents: { label: "Pet Rent", type: "number", sortKey: "p.pet_rent_cents", category: MONEY },
});
export const LEASE_PET_SORT_KEYS = sortKeysOf(LEASE_PET_COLUMNS);
export const leasePetListQuerySchema = listQuerySchema({
  columns: LEASE_PET_COLUMNS,
  defaultSort: "l.lease_no",
  maxLimit: LEASE_PETS_PAGE_SIZE,
});
export const leasePetRowSchema = leasePetSchema.extend({
  lease_id: z.string(),
  lease_no: z.number().int(),
  lease_status: z.enum(LEASE_STATUSES),
  tenant_names: z.string(),
  property_id: z.string(),
  property_name: z.string(),
  unit_names: z.string(),
});
export type LeasePetRow = z.infer<typeof leasePetRowSchema>;
export const leasePetListSchema = z.object({
  pets: z.array(leasePetRowSchema),
  offset: z.number().int(),
  count: z.number().int(),
  total_count: z.number().int(),
});

// ---- arithmetic shared by the server, the form's preview and the tests ----

const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
/** Days in the month of a civil date. */
export const daysInMonth = (d: string) =>
  new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 0)).getUTCDate();

/**
 * A month's charge for the days a charge covers of it, counting both the first and the last day:
 * amount x days / days of the month, rounded half up once, in integers (the charge run's rule,
 * computed there in SQL NUMERIC). A lease from 15 June at $800: 80000 x 16 / 30 = 42667 cents.
 */
export function proratedCents(amountCents: number, from: string, to: string): number {
  const days = Math.round((dayNumber(to) - dayNumber(from)) / 86_400_000) + 1;
  const month = daysInMonth(from);
  if (days >= month) return amountCents;
  // Half up for whole cents: floor((2 x amount x days + month) / (2 x month)), exact in integers.
  return Math.floor((2 * amountCents * days + month) / (2 * month));
}
