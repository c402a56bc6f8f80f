import { sql } from "drizzle-orm";
import { bigint, boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { auditColumns, tenantPolicy } from "./common.ts";

/** The tenant. Its own row is visible only inside its own organization context. */
export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: integer("number").notNull().generatedByDefaultAsIdentity({ startWith: 1000 }),
    name: text("name").notNull(),
    subscriptionStatus: text("subscription_status").notNull().default("TRIAL"),
    subscriptionExpiresAt: timestamp("subscription_expires_at", { withTimezone: true, mode: "string" }),
    paymentNeeded: boolean("payment_needed").notNull().default(false),
    /** Administrators must sign in with two-factor (issue 13, item 7): until they turn it on, they are asked to. */
    requireTwoFactorForAdmins: boolean("require_two_factor_admins").notNull().default(false),
    gracePeriodStart: timestamp("grace_period_start", { withTimezone: true, mode: "string" }),
    gracePeriodEnd: timestamp("grace_period_end", { withTimezone: true, mode: "string" }),
    /** waitlisted | approved | rejected */
    waitlistStatus: text("waitlist_status").notNull().default("waitlisted"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true, mode: "string" }),
    numOfUnits: integer("num_of_units").notNull().default(0),
    propertyTypes: text("property_types").notNull().default(""),
    currentSoftware: text("current_software").notNull().default(""),
    /** The operators' own organization; never listed on the waitlist. */
    isPlatform: boolean("is_platform").notNull().default(false),
    /**
     * IANA zone of the organization's civil dates (issue 27): which day "today" is for due charges,
     * late fees and periods. Checked against the database's zone list by a trigger.
     */
    timeZone: text("time_zone").notNull().default("America/New_York"),
    /** The fee posted when a tenant's payment is returned (NSF), unless the return names another. */
    nsfFeeCents: bigint("nsf_fee_cents", { mode: "number" }).notNull().default(3500),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex("organizations_number_key").on(t.number),
    uniqueIndex("organizations_name_key").on(sql`lower(${t.name})`),
    tenantPolicy({ name: "id" }),
  ],
);
