import {
  bigint,
  date,
  foreignKey,
  index,
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

/**
 * Rental applications to a property, from the public apply page. A draft (status 'draft') holds what
 * the applicant typed until they submit; the organization sees submitted ones only. The property's
 * and floor plan's names (or the unit's number) are copied when the application is made, so it
 * reads the same after they change.
 */
export const applications = pgTable(
  "applications",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    propertyId: uuid("property_id").notNull(),
    floorPlanId: bigint("floor_plan_id", { mode: "number" }),
    /** A unit applied for as itself (it has no active floor plan); its number is copied like the names. */
    unitId: bigint("unit_id", { mode: "number" }),
    propertyName: text("property_name").notNull(),
    floorPlanName: text("floor_plan_name"),
    unitNumber: text("unit_number"),
    fullName: text("full_name").notNull().default(""),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    moveInDate: date("move_in_date", { mode: "string" }),
    message: text("message"),
    /** draft | new | reviewing | approved | declined | withdrawn */
    status: text("status").notNull(),
    statusNote: text("status_note"),
    submittedAt: timestamp("submitted_at", { withTimezone: true, mode: "string" }),
    /** The form's key for its submission: a retry with the same key finds this row instead of adding one. */
    idempotencyKey: text("idempotency_key"),
    /**
     * SHA-256 of what that submission said (its property and answers): a request with the same key
     * gets this application's receipt back only when it says the same.
     */
    requestHash: text("request_hash"),
    /** SHA-256 of the draft's emailed resume link (the link itself is never stored). */
    resumeTokenHash: text("resume_token_hash"),
    resumeExpiresAt: timestamp("resume_expires_at", { withTimezone: true, mode: "string" }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // Platform-wide: the public side finds a submission or draft before it knows the organization.
    uniqueIndex("applications_idempotency_key").on(t.idempotencyKey),
    uniqueIndex("applications_resume_token_key").on(t.resumeTokenHash),
    // Duplicates (same email, same property) and a property's applications.
    index("applications_property_email_idx").on(t.organizationId, t.propertyId, t.email),
    index("applications_org_submitted_idx").on(t.organizationId, t.submittedAt, t.id),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    tenantPolicy(),
  ],
);
