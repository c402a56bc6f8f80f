import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
    /** Platform-wide unique: the onboarding link carries only the guid. */
    inviteGuid: uuid("invite_guid").defaultRandom(),
    inviteExpiresAt: timestamp("invite_expires_at", { withTimezone: true, mode: "string" }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("staff_org_email_key").on(t.organizationId, sql`lower(${t.email})`),
    uniqueIndex("staff_invite_guid_key").on(t.inviteGuid),
    index("staff_org_name_idx").on(t.organizationId, t.name, t.id),
    tenantPolicy(),
  ],
);
