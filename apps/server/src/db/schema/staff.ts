import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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

/** Staff of an organization. They join by invitation: invited -> accepted -> approved (Active). */
export const staff = pgTable(
  "staff",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    userId: integer("user_id"),
    name: text("name"),
    jobTitle: text("job_title"),
    phone: text("phone"),
    email: text("email").notNull(),
    bio: text("bio"),
    department: text("department"),
    profileImageId: bigint("profile_image_id", { mode: "number" }),
    isPublicContact: boolean("is_public_contact").notNull().default(false),
    displayOrder: integer("display_order").notNull().default(1),
    acceptedInvite: boolean("accepted_invite").notNull().default(false),
    approvedInvite: boolean("approved_invite").notNull().default(false),
    approvedBy: integer("approved_by"),
    /** The current invitation's expiry; its token is in staff_invitations, hashed. */
    inviteExpiresAt: timestamp("invite_expires_at", { withTimezone: true, mode: "string" }),
    /** When the person invited asked for a new link after theirs expired (the administrator sees it). */
    newLinkRequestedAt: timestamp("new_link_requested_at", { withTimezone: true, mode: "string" }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("staff_org_email_key").on(t.organizationId, sql`lower(${t.email})`),
    uniqueIndex("staff_org_user_key").on(t.organizationId, t.userId).where(sql`${t.userId} is not null`),
    index("staff_org_name_idx").on(t.organizationId, t.name, t.id),
    tenantPolicy(),
  ],
);

/**
 * Every invitation link sent to a staff member. The link carries a random 256-bit token; only its
 * SHA-256 is kept, platform-wide unique because the link names no organization. A resend marks the
 * previous link replaced, acceptance marks it used: either way it stops working, and the onboarding
 * screen can say why.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    createdBy: integer("created_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "string" }),
    replacedAt: timestamp("replaced_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.staffId], foreignColumns: [staff.organizationId, staff.id] }).onDelete(
      "cascade",
    ),
    index("staff_invitations_staff_idx").on(t.organizationId, t.staffId),
    tenantPolicy(),
  ],
);
