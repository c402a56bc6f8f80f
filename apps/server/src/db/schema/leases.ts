import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { auditColumns, organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";
import { properties, units, zones } from "./properties.ts";
import { tenants } from "./tenants.ts";

/**
 * Leases (issue 27 items 8-13). A lease is of one property and covers one or more of its units and
 * zones (a unit plus a parking space or storage); its parties are tenants with roles. Its money is
 * on the ledger (journal lines carry lease_id) and its monthly charges are recurring_charges rows.
 *
 * Status: pending (signed, not moved in), active, notice (a notice to vacate recorded), ended
 * (moved out, or replaced by its renewal), canceled (never moved in).
 */
export const LEASE_STATUSES = ["pending", "active", "notice", "ended", "canceled"] as const;
export const LEASE_PARTY_ROLES = ["primary", "co_tenant", "occupant", "guarantor"] as const;

export const leases = pgTable(
  "leases",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    /** A short number people can say on the phone ("lease 1042"). */
    leaseNo: bigint("lease_no", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    propertyId: uuid("property_id").notNull(),
    status: text("status").notNull().default("pending"),
    /** fixed | month_to_month */
    term: text("term").notNull().default("fixed"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** Last day of a fixed term; null for month-to-month. */
    endDate: date("end_date", { mode: "string" }),
    /** The day move-in was posted (its first charges); null until then. */
    movedInOn: date("moved_in_on", { mode: "string" }),
    noticeGivenOn: date("notice_given_on", { mode: "string" }),
    /** The day the tenant will leave (from the notice) or left (after move-out). */
    moveOutDate: date("move_out_date", { mode: "string" }),
    movedOutOn: date("moved_out_on", { mode: "string" }),
    /** Day of the month rent is due; 31 means the month's last day. */
    dueDay: smallint("due_day").notNull().default(1),
    graceDays: smallint("grace_days").notNull().default(5),
    /** none | flat | percent (of the month's rent); at most one per period, never above the maximum. */
    lateFeeType: text("late_fee_type").notNull().default("none"),
    lateFeeCents: bigint("late_fee_cents", { mode: "number" }).notNull().default(0),
    lateFeePercent: numeric("late_fee_percent", { precision: 7, scale: 4 }).notNull().default("0"),
    lateFeeMaxCents: bigint("late_fee_max_cents", { mode: "number" }),
    depositCents: bigint("deposit_cents", { mode: "number" }).notNull().default(0),
    /** The monthly rent in effect today, kept with the recurring charges: what the grid shows and sorts by. */
    rentCents: bigint("rent_cents", { mode: "number" }).notNull().default(0),
    /** What the grid shows of its parties, units and property, kept by the leases code on every change. */
    tenantNames: text("tenant_names").notNull().default(""),
    unitNames: text("unit_names").notNull().default(""),
    propertyName: text("property_name").notNull().default(""),
    renewedFromId: uuid("renewed_from_id"),
    applicationId: uuid("application_id"),
    forwardingAddress: text("forwarding_address"),
    /** The day the itemized deposit statement must be sent by (move-out date plus the state's days). */
    depositStatementDueOn: date("deposit_statement_due_on", { mode: "string" }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("leases_org_lease_no_key").on(t.organizationId, t.leaseNo),
    index("leases_org_property_idx").on(t.organizationId, t.propertyId, t.startDate),
    index("leases_org_status_idx").on(t.organizationId, t.status, t.id),
    index("leases_org_end_date_idx").on(t.organizationId, t.endDate, t.id),
    // One index per grid sort key (decision 005), each ending with the tie-breaker, so a page's
    // keys are an index range (decision 029).
    index("leases_org_lease_no_idx").on(t.organizationId, t.leaseNo, t.id),
    index("leases_org_tenant_names_idx").on(t.organizationId, t.tenantNames, t.id),
    index("leases_org_property_name_idx").on(t.organizationId, t.propertyName, t.id),
    index("leases_org_unit_names_idx").on(t.organizationId, t.unitNames, t.id),
    index("leases_org_term_idx").on(t.organizationId, t.term, t.id),
    index("leases_org_start_date_idx").on(t.organizationId, t.startDate, t.id),
    index("leases_org_move_out_date_idx").on(t.organizationId, t.moveOutDate, t.id),
    // The keys that can be empty sort empty values last both ways (decision 005): a descending page
    // needs its own index, else it sorted every lease (a first page by end date, descending, took
    // 725 ms among 93,725 leases on PGlite; decision 033).
    index("leases_org_end_date_desc_idx").on(t.organizationId, t.endDate.desc().nullsLast(), t.id.desc().nullsFirst()),
    index("leases_org_move_out_date_desc_idx").on(
      t.organizationId,
      t.moveOutDate.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index("leases_org_rent_idx").on(t.organizationId, t.rentCents, t.id),
    index("leases_org_deposit_idx").on(t.organizationId, t.depositCents, t.id),
    index("leases_org_created_idx").on(t.organizationId, t.createdDate, t.id),
    index("leases_org_modified_idx").on(t.organizationId, t.lastModifiedDate, t.id),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }),
    foreignKey({ columns: [t.organizationId, t.renewedFromId], foreignColumns: [t.organizationId, t.id] }),
    check("leases_status_check", sql`status in ('pending', 'active', 'notice', 'ended', 'canceled')`),
    check("leases_term_check", sql`term in ('fixed', 'month_to_month')`),
    check("leases_term_end_check", sql`(term = 'fixed') = (end_date is not null)`),
    check("leases_dates_check", sql`end_date is null or end_date >= start_date`),
    check("leases_due_day_check", sql`due_day between 1 and 31`),
    check("leases_grace_days_check", sql`grace_days between 0 and 60`),
    check("leases_late_fee_type_check", sql`late_fee_type in ('none', 'flat', 'percent')`),
    check(
      "leases_money_check",
      sql`deposit_cents >= 0 and rent_cents >= 0 and late_fee_cents >= 0 and late_fee_percent between 0 and 100 and (late_fee_max_cents is null or late_fee_max_cents >= 0)`,
    ),
    tenantPolicy(),
  ],
);

/**
 * The units and zones a lease covers. `starts_on`/`ends_on` are the days it holds them (its start to
 * its end, move-out date or, month-to-month, open) and `holds` is false once it is canceled or ended
 * early: an exclusion constraint (migration, btree_gist) refuses two holding leases of one unit on
 * one day, whatever code writes them.
 */
export const leaseUnits = pgTable(
  "lease_units",
  {
    organizationId: organizationId(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    leaseId: uuid("lease_id").notNull(),
    propertyId: uuid("property_id").notNull(),
    unitId: bigint("unit_id", { mode: "number" }),
    zoneId: bigint("zone_id", { mode: "number" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
    holds: boolean("holds").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("lease_units_org_lease_idx").on(t.organizationId, t.leaseId),
    index("lease_units_org_unit_idx").on(t.organizationId, t.unitId, t.startsOn).where(sql`unit_id is not null`),
    // The days occupancy changes (a lease starts, one ended yesterday): the daily occupancy refresh.
    index("lease_units_org_starts_idx").on(t.organizationId, t.startsOn).where(sql`unit_id is not null`),
    index("lease_units_org_ends_idx").on(t.organizationId, t.endsOn).where(sql`unit_id is not null`),
    foreignKey({ columns: [t.organizationId, t.leaseId], foreignColumns: [leases.organizationId, leases.id] }).onDelete(
      "cascade",
    ),
    // Cascade, so deleting the organization (its units and leases in one statement) is never refused
    // by whichever key its cascade reaches first; a unit or zone deleted alone is still refused, by
    // the lease_units_kept trigger (migration journal_lines_unit_cascade), as "on a lease" (409).
    foreignKey({
      columns: [t.organizationId, t.unitId],
      foreignColumns: [units.organizationId, units.unitId],
    }).onDelete("cascade"),
    foreignKey({ columns: [t.organizationId, t.zoneId], foreignColumns: [zones.organizationId, zones.id] }).onDelete(
      "cascade",
    ),
    check("lease_units_one_check", sql`(unit_id is null) <> (zone_id is null)`),
    check("lease_units_dates_check", sql`ends_on is null or ends_on >= starts_on`),
    tenantPolicy(),
  ],
);

export const leaseParties = pgTable(
  "lease_parties",
  {
    organizationId: organizationId(),
    leaseId: uuid("lease_id").notNull(),
    tenantId: uuid("tenant_id").notNull(),
    /** The lease's, copied: a user who works on some properties sees the parties of those. */
    propertyId: uuid("property_id").notNull(),
    role: text("role").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.leaseId, t.tenantId] }),
    uniqueIndex("lease_parties_one_primary_key").on(t.organizationId, t.leaseId).where(sql`role = 'primary'`),
    index("lease_parties_org_tenant_idx").on(t.organizationId, t.tenantId),
    foreignKey({ columns: [t.organizationId, t.leaseId], foreignColumns: [leases.organizationId, leases.id] }).onDelete(
      "cascade",
    ),
    foreignKey({ columns: [t.organizationId, t.tenantId], foreignColumns: [tenants.organizationId, tenants.id] }),
    check("lease_parties_role_check", sql`role in ('primary', 'co_tenant', 'occupant', 'guarantor')`),
    tenantPolicy(),
  ],
);

/** Pets on a lease (Tenants > Pets): what the pet policy and the pet deposit and rent are about. */
export const leasePets = pgTable(
  "lease_pets",
  {
    organizationId: organizationId(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    leaseId: uuid("lease_id").notNull(),
    propertyId: uuid("property_id").notNull(),
    /** dog | cat | bird | fish | reptile | small_animal | other */
    kind: text("kind").notNull(),
    name: text("name"),
    breed: text("breed"),
    /** Pounds, to a tenth. */
    weightLbs: numeric("weight_lbs", { precision: 6, scale: 1 }),
    /** Assistance animals carry no pet deposit or pet rent (Fair Housing). */
    assistanceAnimal: boolean("assistance_animal").notNull().default(false),
    petDepositCents: bigint("pet_deposit_cents", { mode: "number" }).notNull().default(0),
    petRentCents: bigint("pet_rent_cents", { mode: "number" }).notNull().default(0),
    notes: text("notes"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("lease_pets_org_lease_idx").on(t.organizationId, t.leaseId),
    foreignKey({ columns: [t.organizationId, t.leaseId], foreignColumns: [leases.organizationId, leases.id] }).onDelete(
      "cascade",
    ),
    check("lease_pets_kind_check", sql`kind in ('dog', 'cat', 'bird', 'fish', 'reptile', 'small_animal', 'other')`),
    check("lease_pets_money_check", sql`pet_deposit_cents >= 0 and pet_rent_cents >= 0`),
    check("lease_pets_assistance_check", sql`not assistance_animal or (pet_deposit_cents = 0 and pet_rent_cents = 0)`),
    tenantPolicy(),
  ],
);
