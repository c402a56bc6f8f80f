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
  uuid,
} from "drizzle-orm/pg-core";
import { organizationId, tenantPolicy } from "./common.ts";
import { maintenanceRequests } from "./maintenance.ts";

const AUTHOR_CHECK = sql.raw(
  "(author_kind = 'staff' and author_tenant_id is null and author_vendor_id is null)" +
    " or (author_kind = 'resident' and author_user_id is null and author_vendor_id is null)" +
    " or (author_kind = 'vendor' and author_user_id is null and author_tenant_id is null)",
);

/** Who wrote or uploaded something on a request: a staff user, or (later) the resident or the vendor. */
const author = () => ({
  authorKind: text("author_kind").notNull(),
  authorUserId: integer("author_user_id"),
  authorTenantId: uuid("author_tenant_id"),
  authorVendorId: uuid("author_vendor_id"),
  /** The name as it was when written: a renamed or deleted author does not rewrite the conversation. */
  authorName: text("author_name").notNull(),
});

/**
 * A request's comments (decision 034, "Comments and photos"), append-only like its status history:
 * each has one visibility (internal, resident, vendor), its one audience besides the staff. The
 * property scope is a policy through the request (migration maintenance_comments_and_files).
 */
export const maintenanceRequestComments = pgTable(
  "maintenance_request_comments",
  {
    organizationId: organizationId(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    requestId: uuid("request_id").notNull(),
    body: text("body").notNull(),
    visibility: text("visibility").notNull(),
    ...author(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("maintenance_request_comments_org_request_idx").on(t.organizationId, t.requestId, t.id),
    foreignKey({
      columns: [t.organizationId, t.requestId],
      foreignColumns: [maintenanceRequests.organizationId, maintenanceRequests.id],
    }).onDelete("cascade"),
    check("maintenance_request_comments_visibility_check", sql`visibility in ('internal', 'resident', 'vendor')`),
    check("maintenance_request_comments_body_check", sql`length(trim(body)) between 1 and 4000`),
    check("maintenance_request_comments_author_kind_check", sql`author_kind in ('staff', 'resident', 'vendor')`),
    check("maintenance_request_comments_author_check", AUTHOR_CHECK),
    tenantPolicy(),
  ],
);

/**
 * A request's photos (re-encoded WebP, with a thumbnail) and short videos (kept as sent). Its id is
 * random (it names the file in URLs). Staff read them all; a resident or a vendor those shared.
 */
export const maintenanceRequestFiles = pgTable(
  "maintenance_request_files",
  {
    organizationId: organizationId(),
    id: uuid("id").notNull().defaultRandom(),
    requestId: uuid("request_id").notNull(),
    /** image | video */
    kind: text("kind").notNull(),
    storageKey: text("storage_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    contentType: text("content_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width"),
    height: integer("height"),
    visibleToResident: boolean("visible_to_resident").notNull().default(false),
    visibleToVendor: boolean("visible_to_vendor").notNull().default(true),
    ...author(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    lastModifiedBy: integer("last_modified_by"),
    lastModifiedDate: timestamp("last_modified_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("maintenance_request_files_org_request_idx").on(t.organizationId, t.requestId, t.createdAt),
    foreignKey({
      columns: [t.organizationId, t.requestId],
      foreignColumns: [maintenanceRequests.organizationId, maintenanceRequests.id],
    }).onDelete("cascade"),
    check("maintenance_request_files_kind_check", sql`kind in ('image', 'video')`),
    check(
      "maintenance_request_files_type_check",
      sql`(kind = 'image' and content_type = 'image/webp' and width > 0 and height > 0 and thumbnail_key is not null)
        or (kind = 'video' and content_type in ('video/mp4', 'video/webm', 'video/quicktime'))`,
    ),
    check("maintenance_request_files_size_check", sql`byte_size > 0`),
    check("maintenance_request_files_author_kind_check", sql`author_kind in ('staff', 'resident', 'vendor')`),
    check("maintenance_request_files_author_check", AUTHOR_CHECK),
    tenantPolicy(),
  ],
);
