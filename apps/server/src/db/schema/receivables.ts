import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bankDeposits } from "./bank-accounts.ts";
import { organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";

/*
 * The receivables subledger of leases (issue 27 item 10, decision 030): which charges of a lease are
 * open and for how much, which payments, credits and prepaid rent paid them. The journal stays the
 * books; these rows say what each of its lease lines was applied to, so allocation is exact to the
 * cent and a returned payment reopens exactly what it paid.
 *
 * Who writes them: a statement trigger on journal_lines makes the open items of every posting, from
 * whatever path (charge run, move-in, one-time charge, late fee, manual entry, reversal), and applies
 * prepaid rent to new charges in the same statement; the lease-ledger code writes the allocations of
 * payments, credits, refunds and returns it posts. A trigger on allocations keeps the open amounts and
 * refuses one below zero or above the item. The request role may read all and insert allocations and
 * payments; the open amounts only the triggers change.
 */

const org = () => organizationId().references(() => organizations.id, { onDelete: "cascade" });

/** A charge to a lease (a debit on receivables with its lease): an open item until paid. */
export const leaseCharges = pgTable(
  "lease_charges",
  {
    organizationId: org(),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    lineNo: smallint("line_no").notNull(),
    leaseId: uuid("lease_id").notNull(),
    propertyId: uuid("property_id"),
    postedOn: date("posted_on", { mode: "string" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** What is still owed on it; kept by the allocations' trigger. */
    openCents: bigint("open_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.entryId, t.lineNo] }),
    // The open charges of a lease, oldest first: what a payment is applied to.
    index("lease_charges_open_idx")
      .on(t.organizationId, t.leaseId, t.postedOn, t.entryId, t.lineNo)
      .where(sql`open_cents > 0`),
    index("lease_charges_lease_idx").on(t.organizationId, t.leaseId),
    // A property's open charges: its delinquency report, without reading every lease's.
    index("lease_charges_property_open_idx").on(t.organizationId, t.propertyId, t.postedOn).where(sql`open_cents > 0`),
    check("lease_charges_open_check", sql`open_cents between 0 and amount_cents and amount_cents > 0`),
    tenantPolicy(),
  ],
);

/**
 * Money of a lease not applied to a charge yet: prepaid rent (an overpayment, a credit beyond what
 * was owed) or a credit on receivables (a manual entry or reversal crediting more than was open).
 * Applied to the next charges automatically, oldest first; refunded; or undone by a returned payment.
 */
export const leaseCredits = pgTable(
  "lease_credits",
  {
    organizationId: org(),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    lineNo: smallint("line_no").notNull(),
    leaseId: uuid("lease_id").notNull(),
    propertyId: uuid("property_id"),
    /** The account it sits on: prepaid rent or receivables. */
    accountId: integer("account_id").notNull(),
    postedOn: date("posted_on", { mode: "string" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    openCents: bigint("open_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.entryId, t.lineNo] }),
    index("lease_credits_open_idx")
      .on(t.organizationId, t.leaseId, t.postedOn, t.entryId, t.lineNo)
      .where(sql`open_cents > 0`),
    check("lease_credits_open_check", sql`open_cents between 0 and amount_cents and amount_cents > 0`),
    tenantPolicy(),
  ],
);

/**
 * One application of money to a charge, or a use of a credit, in cents (negative: undone, as by a
 * returned payment). `entry_id` is the posting that made it; `source_entry_id` whose money it is (the
 * payment, credit or entry that credited receivables); a charge, a credit, or both (prepaid rent
 * applied to a charge).
 */
export const leaseAllocations = pgTable(
  "lease_allocations",
  {
    organizationId: org(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    leaseId: uuid("lease_id").notNull(),
    propertyId: uuid("property_id"),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    sourceEntryId: bigint("source_entry_id", { mode: "number" }).notNull(),
    chargeEntryId: bigint("charge_entry_id", { mode: "number" }),
    chargeLineNo: smallint("charge_line_no"),
    creditEntryId: bigint("credit_entry_id", { mode: "number" }),
    creditLineNo: smallint("credit_line_no"),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("lease_allocations_source_idx").on(t.organizationId, t.sourceEntryId),
    index("lease_allocations_charge_idx").on(t.organizationId, t.chargeEntryId, t.chargeLineNo),
    // What was applied after a day (reports as of a past day, decision 047): by the posting that applied it.
    index("lease_allocations_entry_idx").on(t.organizationId, t.entryId),
    foreignKey({
      columns: [t.organizationId, t.chargeEntryId, t.chargeLineNo],
      foreignColumns: [leaseCharges.organizationId, leaseCharges.entryId, leaseCharges.lineNo],
    }),
    foreignKey({
      columns: [t.organizationId, t.creditEntryId, t.creditLineNo],
      foreignColumns: [leaseCredits.organizationId, leaseCredits.entryId, leaseCredits.lineNo],
    }),
    check(
      "lease_allocations_target_check",
      sql`amount_cents <> 0 and (charge_entry_id is not null or credit_entry_id is not null)
        and (charge_entry_id is null) = (charge_line_no is null) and (credit_entry_id is null) = (credit_line_no is null)`,
    ),
    tenantPolicy(),
  ],
);

export const PAYMENT_METHODS = ["check", "cash", "ach", "card", "money_order"] as const;

/** A payment received for a lease (its entry: D undeposited funds, C receivables and prepaid rent). */
export const leasePayments = pgTable(
  "lease_payments",
  {
    organizationId: org(),
    id: uuid("id").notNull().defaultRandom(),
    leaseId: uuid("lease_id").notNull(),
    propertyId: uuid("property_id").notNull(),
    entryId: bigint("entry_id", { mode: "number" }).notNull(),
    method: text("method").notNull(),
    reference: text("reference"),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** The entry that reversed it when it came back (NSF), and the fee's. */
    returnEntryId: bigint("return_entry_id", { mode: "number" }),
    returnFeeEntryId: bigint("return_fee_entry_id", { mode: "number" }),
    returnedOn: date("returned_on", { mode: "string" }),
    /** The bank deposit it went into (decision 038); null while it waits in Undeposited Funds. */
    depositId: uuid("deposit_id"),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("lease_payments_entry_key").on(t.organizationId, t.entryId),
    index("lease_payments_lease_idx").on(t.organizationId, t.leaseId, t.receivedOn),
    // The receipts a deposit can take: what waits in Undeposited Funds, oldest first.
    index("lease_payments_undeposited_idx")
      .on(t.organizationId, t.receivedOn, t.id)
      .where(sql`deposit_id is null and return_entry_id is null`),
    index("lease_payments_deposit_idx").on(t.organizationId, t.depositId).where(sql`deposit_id is not null`),
    foreignKey({
      columns: [t.organizationId, t.depositId],
      foreignColumns: [bankDeposits.organizationId, bankDeposits.id],
    }),
    check("lease_payments_method_check", sql`method in ('check', 'cash', 'ach', 'card', 'money_order')`),
    check("lease_payments_amount_check", sql`amount_cents > 0`),
    tenantPolicy(),
  ],
);
