import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
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
import { auditColumns, organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";
import { properties } from "./properties.ts";
import { roles } from "./reference.ts";
import { residentAccounts } from "./residents.ts";

export const persons = pgTable(
  "persons",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: integer("id").notNull().generatedByDefaultAsIdentity(),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name"),
    lastName: text("last_name").notNull(),
    preferredName: text("preferred_name"),
    email: text("email").notNull(),
    phone: text("phone"),
    receiveMarketingTexts: boolean("receive_marketing_texts"),
    receiveMarketingEmails: boolean("receive_marketing_emails"),
    acceptedTerms: boolean("accepted_terms"),
    acceptedTermsDate: timestamp("accepted_terms_date", { withTimezone: true, mode: "string" }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), tenantPolicy()],
);

/**
 * A login. Usernames are unique across the platform because login names no organization;
 * everything else about a user is scoped to its organization.
 */
export const users = pgTable(
  "users",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: integer("id").notNull().generatedByDefaultAsIdentity(),
    personId: integer("person_id"),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    emailVerified: boolean("email_verified").notNull().default(false),
    banned: boolean("banned").notNull().default(false),
    waitlisted: boolean("waitlisted").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    locked: boolean("locked").notNull().default(false),
    isOperator: boolean("is_operator").notNull().default(false),
    /**
     * Works on every property of the organization (issue 13); otherwise only on those listed in
     * user_properties. Administrators always work on all.
     */
    allProperties: boolean("all_properties").notNull().default(true),
    lastLogin: timestamp("last_login", { withTimezone: true, mode: "string" }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    foreignKey({ columns: [t.organizationId, t.personId], foreignColumns: [persons.organizationId, persons.id] }),
    tenantPolicy(),
  ],
);

/** Server-side sessions. The browser holds a random 256-bit token; only its SHA-256 is stored. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    organizationId: organizationId(),
    userId: integer("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    /**
     * An administrator previewing the workspace as this user of the organization ("View as",
     * issue 13, item 6): the session then reads as that user's, and changes nothing.
     */
    viewAsUserId: integer("view_as_user_id"),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    index("sessions_user_idx").on(t.organizationId, t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    tenantPolicy(),
  ],
);

/**
 * Single-use password reset links: the token is random, only its hash is kept, valid one hour.
 * Two audiences (decision 036): a staff user's link has `user_id`, a resident's `resident_account_id`,
 * never both.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    organizationId: organizationId(),
    userId: integer("user_id"),
    residentAccountId: uuid("resident_account_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.organizationId, t.residentAccountId],
      foreignColumns: [residentAccounts.organizationId, residentAccounts.id],
    }).onDelete("cascade"),
    index("password_reset_tokens_resident_idx").on(t.organizationId, t.residentAccountId),
    check("password_reset_tokens_one_owner", sql`num_nonnulls(${t.userId}, ${t.residentAccountId}) = 1`),
    tenantPolicy(),
  ],
);

/** The properties a user who does not work on all of them works on (issue 13, decision 019). */
export const userProperties = pgTable(
  "user_properties",
  {
    organizationId: organizationId(),
    userId: integer("user_id").notNull(),
    propertyId: uuid("property_id").notNull(),
    createdBy: integer("created_by"),
    createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId, t.propertyId] }),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    tenantPolicy(),
  ],
);

/**
 * A user's authenticator (TOTP, RFC 6238) secret: `pending_secret` while they enrol, `secret` once
 * a code from their app confirmed it (decision 020).
 */
export const userTwoFactor = pgTable(
  "user_two_factor",
  {
    organizationId: organizationId(),
    userId: integer("user_id").notNull(),
    secret: text("secret"),
    pendingSecret: text("pending_secret"),
    /** The last time step a code was accepted for: a code works once. */
    lastUsedStep: bigint("last_used_step", { mode: "number" }),
    enabledAt: timestamp("enabled_at", { withTimezone: true, mode: "string" }),
    /** Wrong codes since the last pause or sign-in, whichever sign-in or address sent them (decision 020). */
    failedCodes: integer("failed_codes").notNull().default(0),
    /** Pauses in a row (each within a day of the last one's end): each pause is twice as long. */
    lockouts: integer("lockouts").notNull().default(0),
    /** Until then, codes of the authenticator app are refused unread; recovery codes still work. */
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    tenantPolicy(),
  ],
);

/**
 * Ten single-use recovery codes per user, shown once, kept as SHA-256 hashes. A staff user's have
 * `user_id`, a resident's `resident_account_id` (decision 036), never both.
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    organizationId: organizationId(),
    userId: integer("user_id"),
    residentAccountId: uuid("resident_account_id"),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [t.organizationId, t.residentAccountId],
      foreignColumns: [residentAccounts.organizationId, residentAccounts.id],
    }).onDelete("cascade"),
    index("recovery_codes_user_idx").on(t.organizationId, t.userId),
    index("recovery_codes_resident_idx").on(t.organizationId, t.residentAccountId),
    check("recovery_codes_one_owner", sql`num_nonnulls(${t.userId}, ${t.residentAccountId}) = 1`),
    tenantPolicy(),
  ],
);

/**
 * A password accepted for an account with two-factor sign-in: the browser holds the token (cookie)
 * for the second step, five minutes and five codes at most.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    organizationId: organizationId(),
    userId: integer("user_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    tenantPolicy(),
  ],
);

/**
 * Links that confirm an account's email address (issue item 19): random, only the hash kept,
 * single use, valid EMAIL_VERIFICATION_TTL_HOURS; a new link ends the older ones.
 */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    organizationId: organizationId(),
    userId: integer("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.userId], foreignColumns: [users.organizationId, users.id] }).onDelete(
      "cascade",
    ),
    index("email_verification_tokens_user_idx").on(t.organizationId, t.userId),
    tenantPolicy(),
  ],
);
