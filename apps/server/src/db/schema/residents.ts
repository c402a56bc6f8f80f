import { sql } from "drizzle-orm";
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";
import { tenants } from "./tenants.ts";

/**
 * A tenant's account for the resident portal (decision 036): one per tenant, signed in with the
 * email it was invited at (one account per address on the whole platform, so signing in needs no
 * organization) and its own password. No user, no role: residents never reach the workspace.
 */
export const residentAccounts = pgTable(
  "resident_accounts",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    tenantId: uuid("tenant_id").notNull(),
    email: text("email").notNull(),
    /** Null until the invitation is accepted. */
    passwordHash: text("password_hash"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    createdBy: integer("created_by"),
    activatedAt: timestamp("activated_at", { withTimezone: true, mode: "string" }),
    lastLogin: timestamp("last_login", { withTimezone: true, mode: "string" }),
    /** Two-factor sign-in (decision 036): the authenticator's secret, sealed like the staff's. */
    totpSecret: text("totp_secret"),
    /** A secret being set up, until a code of the app confirms it. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last time step a code was accepted for: each code works once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    failedCodes: integer("failed_codes").notNull().default(0),
    codesLockedUntil: timestamp("codes_locked_until", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("resident_accounts_org_tenant_key").on(t.organizationId, t.tenantId),
    uniqueIndex("resident_accounts_email_key").on(sql`lower(${t.email})`),
    foreignKey({
      columns: [t.organizationId, t.tenantId],
      foreignColumns: [tenants.organizationId, tenants.id],
    }).onDelete("cascade"),
    tenantPolicy(),
  ],
);

/** A resident's invitation link: only the token's hash, single use, replaced by a newer one. */
export const residentInvitations = pgTable(
  "resident_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    organizationId: organizationId(),
    accountId: uuid("account_id").notNull(),
    /** The lease it was sent from. */
    leaseId: uuid("lease_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    createdBy: integer("created_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "string" }),
    replacedAt: timestamp("replaced_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [residentAccounts.organizationId, residentAccounts.id],
    }).onDelete("cascade"),
    index("resident_invitations_account_idx").on(t.organizationId, t.accountId),
    tenantPolicy(),
  ],
);

/**
 * A resident's sessions: a table of their own, read only by the resident portal's routes under
 * their own cookie, so a resident's token is never a workspace session and a staff token never a
 * resident's.
 */
export const residentSessions = pgTable(
  "resident_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    organizationId: organizationId(),
    accountId: uuid("account_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip"),
  },
  (t) => [
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [residentAccounts.organizationId, residentAccounts.id],
    }).onDelete("cascade"),
    index("resident_sessions_account_idx").on(t.organizationId, t.accountId),
    index("resident_sessions_expires_idx").on(t.expiresAt),
    tenantPolicy(),
  ],
);

/** The second step of a resident's sign-in with two-factor on: the password was right, a code is due. */
export const residentLoginChallenges = pgTable(
  "resident_login_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    organizationId: organizationId(),
    accountId: uuid("account_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [residentAccounts.organizationId, residentAccounts.id],
    }).onDelete("cascade"),
    index("resident_login_challenges_expires_idx").on(t.expiresAt),
    tenantPolicy(),
  ],
);

/**
 * The other tenant records a resident account reaches (decision 036, "Several leases"): a person
 * the organization keeps as two tenants (a move to another unit, a second lease) has one account,
 * at one address, and sees the leases of each. `resident_accounts.tenant_id` is the first; a
 * tenant belongs to one account at most.
 */
export const residentAccountTenants = pgTable(
  "resident_account_tenants",
  {
    organizationId: organizationId(),
    tenantId: uuid("tenant_id").notNull(),
    accountId: uuid("account_id").notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    linkedBy: integer("linked_by"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.tenantId] }),
    index("resident_account_tenants_account_idx").on(t.organizationId, t.accountId),
    foreignKey({
      columns: [t.organizationId, t.accountId],
      foreignColumns: [residentAccounts.organizationId, residentAccounts.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.tenantId],
      foreignColumns: [tenants.organizationId, tenants.id],
    }).onDelete("cascade"),
    tenantPolicy(),
  ],
);
