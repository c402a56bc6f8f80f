import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { auditColumns, organizationId, tenantPolicy } from "./common.ts";
import { leases } from "./leases.ts";
import { organizations } from "./organizations.ts";

/**
 * Renewal offers of a lease (issue 27 item 13, decision 032): the new term and rent offered, and
 * what became of it. Accepting one extends the same lease (decision 032), so an offer is history.
 */
export const renewalOffers = pgTable(
  "renewal_offers",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    leaseId: uuid("lease_id").notNull(),
    /** The lease's property: the property-scope policy reads it. */
    propertyId: uuid("property_id").notNull(),
    /** offered | accepted | declined */
    status: text("status").notNull().default("offered"),
    /** fixed | month_to_month */
    term: text("term").notNull(),
    months: smallint("months"),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
    currentRentCents: bigint("current_rent_cents", { mode: "number" }).notNull(),
    /** fixed_increase | percent | amount: how the new rent was set. */
    rentChange: text("rent_change").notNull(),
    increaseCents: bigint("increase_cents", { mode: "number" }),
    increasePercent: numeric("increase_percent", { precision: 7, scale: 4 }),
    rentCents: bigint("rent_cents", { mode: "number" }).notNull(),
    decidedOn: date("decided_on", { mode: "string" }),
    decidedBy: bigint("decided_by", { mode: "number" }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("renewal_offers_org_lease_idx").on(t.organizationId, t.leaseId, t.createdDate),
    index("renewal_offers_org_status_idx").on(t.organizationId, t.status, t.startsOn),
    foreignKey({ columns: [t.organizationId, t.leaseId], foreignColumns: [leases.organizationId, leases.id] }).onDelete(
      "cascade",
    ),
    check("renewal_offers_status_check", sql`status in ('offered', 'accepted', 'declined')`),
    check(
      "renewal_offers_term_check",
      sql`(term = 'fixed' and months between 1 and 120 and ends_on is not null) or (term = 'month_to_month' and months is null and ends_on is null)`,
    ),
    check("renewal_offers_change_check", sql`rent_change in ('fixed_increase', 'percent', 'amount')`),
    check("renewal_offers_money_check", sql`rent_cents >= 0 and current_rent_cents >= 0`),
    tenantPolicy(),
  ],
);

/**
 * What a move-out did (issue 27 item 13): the deposit held then, the balance owed before the final
 * charges, each final charge with its entry, what the deposit paid and refunded, and the date the
 * itemized statement must be sent by. The entries are the books; this row is what the deposit
 * statement prints, as it was on the day (later payments change the balance, not the statement).
 */
export const leaseMoveOuts = pgTable(
  "lease_move_outs",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    leaseId: uuid("lease_id").notNull(),
    propertyId: uuid("property_id").notNull(),
    movedOutOn: date("moved_out_on", { mode: "string" }).notNull(),
    forwardingAddress: text("forwarding_address").notNull(),
    depositHeldCents: bigint("deposit_held_cents", { mode: "number" }).notNull(),
    /** The lease's balance before the final charges (negative: a credit). */
    priorBalanceCents: bigint("prior_balance_cents", { mode: "number" }).notNull(),
    /** [{description, amount_cents, entry_id}] */
    finalCharges: jsonb("final_charges").notNull(),
    appliedCents: bigint("applied_cents", { mode: "number" }).notNull(),
    refundCents: bigint("refund_cents", { mode: "number" }).notNull(),
    balanceLeftCents: bigint("balance_left_cents", { mode: "number" }).notNull(),
    stateCode: text("state_code"),
    statementDays: smallint("statement_days").notNull(),
    statementDueOn: date("statement_due_on", { mode: "string" }).notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.leaseId] }),
    foreignKey({ columns: [t.organizationId, t.leaseId], foreignColumns: [leases.organizationId, leases.id] }).onDelete(
      "cascade",
    ),
    check(
      "lease_move_outs_money_check",
      sql`deposit_held_cents >= 0 and applied_cents >= 0 and refund_cents >= 0 and applied_cents <= deposit_held_cents`,
    ),
    tenantPolicy(),
  ],
);
