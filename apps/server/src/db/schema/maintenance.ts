import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
import { auditColumns, organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";
import { properties } from "./properties.ts";
import { vendors } from "./vendors.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
const STATUSES = ["new", "triaged", "assigned", "scheduled", "in_progress", "on_hold", "completed", "canceled"];
const PRIORITIES = ["emergency", "urgent", "normal", "low"];
const CATEGORIES = ["plumbing", "electrical", "hvac", "appliance", "pest", "locks", "grounds", "other"];
const CHANNELS = ["resident_portal", "phone", "email", "walk_in", "inspection", "internal"];

/**
 * Maintenance requests (issue 28, decision 034). Building, unit, zone, lease and tenant are checked
 * against the property when written and carry no foreign key: a unit deleted (and undone) keeps
 * its requests, which show no unit meanwhile. Assignment, schedule, costs and the resident's
 * portal come as columns and tables of their own in the next slices.
 */
export const maintenanceRequests = pgTable(
  "maintenance_requests",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    /** The organization's own sequence ("request 42"), from maintenance_request_numbers. */
    requestNo: bigint("request_no", { mode: "number" }).notNull(),
    propertyId: uuid("property_id").notNull(),
    buildingId: bigint("building_id", { mode: "number" }),
    unitId: bigint("unit_id", { mode: "number" }),
    zoneId: bigint("zone_id", { mode: "number" }),
    category: text("category").notNull(),
    priority: text("priority").notNull(),
    /** The priority in the order people sort it (emergency first): what the grid sorts by. */
    priorityRank: smallint("priority_rank")
      .notNull()
      .generatedAlwaysAs(
        sql`case priority when 'emergency' then 0 when 'urgent' then 1 when 'normal' then 2 else 3 end`,
      ),
    title: text("title").notNull(),
    description: text("description"),
    permissionToEnter: boolean("permission_to_enter").notNull().default(false),
    petsPresent: boolean("pets_present").notNull().default(false),
    entryNotes: text("entry_notes"),
    preferredTimes: text("preferred_times"),
    channel: text("channel").notNull(),
    /** The staff user who recorded it (a resident's own submission will name the resident instead). */
    recordedBy: integer("recorded_by"),
    leaseId: uuid("lease_id"),
    tenantId: uuid("tenant_id"),
    status: text("status").notNull().default("new"),
    reopenedCount: integer("reopened_count").notNull().default(0),
    /** The day it is due, in the organization's time zone: its creation day plus the priority's days. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "string" }),
    /**
     * The staff member doing the work. Its foreign key (hand-written in the migration) sets only
     * this column to null when the user is removed: the request returns to the unassigned.
     */
    assignedUserId: integer("assigned_user_id"),
    /**
     * Or the vendor doing the work (never both: a check). Its foreign key (hand-written) sets only
     * this column to null when the vendor is deleted.
     */
    vendorId: uuid("vendor_id"),
    scheduledStart: timestamp("scheduled_start", { withTimezone: true, mode: "string" }),
    scheduledEnd: timestamp("scheduled_end", { withTimezone: true, mode: "string" }),
    /** Costs (decision 034, "Costs and billing the resident"): lines over the not-to-exceed amount put it on hold. */
    estimateCents: bigint("estimate_cents", { mode: "number" }),
    notToExceedCents: bigint("not_to_exceed_cents", { mode: "number" }),
    /** The one charge "Bill to resident" posted to the lease (key maintenance-bill:<id>), null before. */
    billedEntryId: bigint("billed_entry_id", { mode: "number" }),
    billedCents: bigint("billed_cents", { mode: "number" }),
    billedOn: date("billed_on", { mode: "string" }),
    billedLeaseId: uuid("billed_lease_id"),
    billedBy: integer("billed_by"),
    /**
     * The names the grid shows, copied from what the request refers to (decision 034, "Speed"): the
     * property, the location (unit, else zone, else building), the reporting tenant, the staff
     * member who recorded it, and who has the work (the staff member, else the vendor). Kept by
     * triggers (migration maintenance_request_names): on the request's own writes and when any of
     * those is renamed, deleted or restored, so the grid sorts and filters on them from their indexes.
     */
    propertyName: text("property_name").notNull().default(""),
    locationName: text("location_name"),
    tenantName: text("tenant_name"),
    recordedByName: text("recorded_by_name"),
    assignedToName: text("assigned_to_name"),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("maintenance_requests_org_no_key").on(t.organizationId, t.requestNo),
    index("maintenance_requests_org_property_idx").on(t.organizationId, t.propertyId, t.status),
    // One index per grid sort key (decision 005), ending with the tie-breaker.
    index("maintenance_requests_org_request_no_idx").on(t.organizationId, t.requestNo, t.id),
    index("maintenance_requests_org_title_idx").on(t.organizationId, t.title, t.id),
    index("maintenance_requests_org_status_idx").on(t.organizationId, t.status, t.id),
    index("maintenance_requests_org_priority_idx").on(t.organizationId, t.priorityRank, t.id),
    index("maintenance_requests_org_category_idx").on(t.organizationId, t.category, t.id),
    index("maintenance_requests_org_due_idx").on(t.organizationId, t.dueOn, t.id),
    index("maintenance_requests_org_channel_idx").on(t.organizationId, t.channel, t.id),
    index("maintenance_requests_org_reopened_idx").on(t.organizationId, t.reopenedCount, t.id),
    index("maintenance_requests_org_created_idx").on(t.organizationId, t.createdDate, t.id),
    index("maintenance_requests_org_modified_idx").on(t.organizationId, t.lastModifiedDate, t.id),
    index("maintenance_requests_org_scheduled_idx").on(t.organizationId, t.scheduledStart, t.id),
    index("maintenance_requests_org_assigned_idx").on(t.organizationId, t.assignedUserId, t.id),
    index("maintenance_requests_org_vendor_idx").on(t.organizationId, t.vendorId, t.id),
    index("maintenance_requests_org_property_name_idx").on(t.organizationId, t.propertyName, t.id),
    index("maintenance_requests_org_location_name_idx").on(t.organizationId, t.locationName, t.id),
    index("maintenance_requests_org_tenant_name_idx").on(t.organizationId, t.tenantName, t.id),
    index("maintenance_requests_org_recorded_by_name_idx").on(t.organizationId, t.recordedByName, t.id),
    index("maintenance_requests_org_assigned_to_name_idx").on(t.organizationId, t.assignedToName, t.id),
    // The names and the booked time can be empty and sort them last both ways (list-sql's orderSql):
    // descending, "nulls last" is not the ascending index read backwards, so each has its descending
    // twin, whose id is "desc nulls first" as the query's tie-breaker (`id desc`) reads: with "nulls
    // last" there (migration 0054) the planner could not use them and sorted every request.
    index("maintenance_requests_org_location_name_desc_idx").on(
      t.organizationId,
      t.locationName.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index("maintenance_requests_org_tenant_name_desc_idx").on(
      t.organizationId,
      t.tenantName.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index("maintenance_requests_org_recorded_by_name_desc_idx").on(
      t.organizationId,
      t.recordedByName.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index("maintenance_requests_org_assigned_to_name_desc_idx").on(
      t.organizationId,
      t.assignedToName.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index("maintenance_requests_org_scheduled_desc_idx").on(
      t.organizationId,
      t.scheduledStart.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    // The requests whose names follow a building, unit, zone, tenant or recorder renamed (the
    // property's, assignee's and vendor's are above): those references only.
    index("maintenance_requests_org_building_ref_idx")
      .on(t.organizationId, t.buildingId)
      .where(sql`building_id is not null`),
    index("maintenance_requests_org_unit_ref_idx").on(t.organizationId, t.unitId).where(sql`unit_id is not null`),
    index("maintenance_requests_org_zone_ref_idx").on(t.organizationId, t.zoneId).where(sql`zone_id is not null`),
    index("maintenance_requests_org_tenant_ref_idx").on(t.organizationId, t.tenantId).where(sql`tenant_id is not null`),
    index("maintenance_requests_org_recorded_by_ref_idx")
      .on(t.organizationId, t.recordedBy)
      .where(sql`recorded_by is not null`),
    // What was billed to residents in a span of days (the per-property cost totals): billed requests only.
    index("maintenance_requests_org_billed_idx").on(t.organizationId, t.billedOn).where(sql`billed_on is not null`),
    // The requests completed in a span of days (Reports > Maintenance): completed ones only.
    index("maintenance_requests_org_completed_idx")
      .on(t.organizationId, t.completedAt)
      .where(sql`completed_at is not null`),
    // A property deleted takes its requests with it, as it takes its units (an administrator's act).
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    check("maintenance_requests_status_check", sql`status in (${inList(STATUSES)})`),
    check("maintenance_requests_priority_check", sql`priority in (${inList(PRIORITIES)})`),
    check("maintenance_requests_category_check", sql`category in (${inList(CATEGORIES)})`),
    check("maintenance_requests_channel_check", sql`channel in (${inList(CHANNELS)})`),
    check("maintenance_requests_title_check", sql`length(trim(title)) > 0`),
    check("maintenance_requests_reopened_check", sql`reopened_count >= 0`),
    check("maintenance_requests_one_assignee_check", sql`assigned_user_id is null or vendor_id is null`),
    check("maintenance_requests_unit_or_zone_check", sql`unit_id is null or zone_id is null`),
    check(
      "maintenance_requests_schedule_check",
      sql`scheduled_end is null or (scheduled_start is not null and scheduled_end > scheduled_start)`,
    ),
    check(
      "maintenance_requests_cost_limits_check",
      sql`coalesce(estimate_cents, 0) >= 0 and coalesce(not_to_exceed_cents, 0) >= 0`,
    ),
    check(
      "maintenance_requests_billed_check",
      sql`(billed_entry_id is null) = (billed_cents is null) and (billed_entry_id is null) = (billed_on is null)`,
    ),
    tenantPolicy(),
  ],
);

/**
 * Every status change of a request, append-only: who, when, from, to, and the note given. A user
 * who works on some properties reads those of the requests they see (a policy through the request,
 * migration maintenance_requests), so a request moved to another property takes its history along.
 */
export const maintenanceRequestEvents = pgTable(
  "maintenance_request_events",
  {
    organizationId: organizationId(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    requestId: uuid("request_id").notNull(),
    /** Null for the creation. */
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    note: text("note"),
    /** Who the work was assigned to before and after, by name at the time, when the change assigned it. */
    assignedFrom: text("assigned_from"),
    assignedTo: text("assigned_to"),
    changedBy: integer("changed_by"),
    /** A change made through a vendor's link: the vendor, and their name at the time ("Acme Plumbing"). */
    changedByVendorId: uuid("changed_by_vendor_id"),
    changedByName: text("changed_by_name"),
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("maintenance_request_events_org_request_idx").on(t.organizationId, t.requestId, t.id),
    foreignKey({
      columns: [t.organizationId, t.requestId],
      foreignColumns: [maintenanceRequests.organizationId, maintenanceRequests.id],
    }).onDelete("cascade"),
    check("maintenance_request_events_to_check", sql`to_status in (${inList(STATUSES)})`),
    tenantPolicy(),
  ],
);

/**
 * A work order: one dispatch of a request (decision 034, "Work orders"). Each time a request is
 * given to someone (a staff member or a vendor), one is made under it, numbered per request ("WO
 * 42-1"), with what the assignee is to do, the booked time, an optional not-to-exceed amount, and
 * its own status. The assignee's name is copied when written; neither the user nor the vendor is a
 * foreign key (a deleted vendor does not take the request's record with it, decision 035). The
 * property scope and the technician scope are policies through the request (hand-written).
 */
export const maintenanceWorkOrders = pgTable(
  "maintenance_work_orders",
  {
    organizationId: organizationId(),
    id: uuid("id").notNull().defaultRandom(),
    requestId: uuid("request_id").notNull(),
    /** 1, 2, ... within the request: "WO 42-2" is request 42's second dispatch. */
    workOrderNo: integer("work_order_no").notNull(),
    assigneeKind: text("assignee_kind").notNull(),
    assignedUserId: integer("assigned_user_id"),
    vendorId: uuid("vendor_id"),
    /** The assignee's name when the order was written. */
    assigneeName: text("assignee_name").notNull(),
    instructions: text("instructions"),
    scheduledStart: timestamp("scheduled_start", { withTimezone: true, mode: "string" }),
    scheduledEnd: timestamp("scheduled_end", { withTimezone: true, mode: "string" }),
    notToExceedCents: bigint("not_to_exceed_cents", { mode: "number" }),
    status: text("status").notNull().default("open"),
    /** Why it closed without being done ("Reassigned to Rapid Rooter", "Unassigned", a decline's reason). */
    closeReason: text("close_reason"),
    createdBy: integer("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("maintenance_work_orders_org_request_no_key").on(t.organizationId, t.requestId, t.workOrderNo),
    // At most one open order per request: the dispatch in force.
    uniqueIndex("maintenance_work_orders_one_open_key")
      .on(t.organizationId, t.requestId)
      .where(sql`status in ('open', 'accepted', 'in_progress')`),
    index("maintenance_work_orders_org_vendor_idx").on(t.organizationId, t.vendorId),
    foreignKey({
      columns: [t.organizationId, t.requestId],
      foreignColumns: [maintenanceRequests.organizationId, maintenanceRequests.id],
    }).onDelete("cascade"),
    check(
      "maintenance_work_orders_status_check",
      sql`status in ('open', 'accepted', 'in_progress', 'completed', 'declined', 'canceled')`,
    ),
    check(
      "maintenance_work_orders_assignee_check",
      sql`(assignee_kind = 'staff' and assigned_user_id is not null and vendor_id is null)
        or (assignee_kind = 'vendor' and vendor_id is not null and assigned_user_id is null)`,
    ),
    check("maintenance_work_orders_instructions_check", sql`instructions is null or length(instructions) <= 4000`),
    check("maintenance_work_orders_nte_check", sql`coalesce(not_to_exceed_cents, 0) >= 0`),
    check(
      "maintenance_work_orders_closed_check",
      sql`(closed_at is null) = (status in ('open', 'accepted', 'in_progress'))`,
    ),
    check(
      "maintenance_work_orders_schedule_check",
      sql`scheduled_end is null or (scheduled_start is not null and scheduled_end > scheduled_start)`,
    ),
    tenantPolicy(),
  ],
);

/**
 * A vendor's link to a request they were assigned (decision 034, "Vendors on requests and their
 * link"): no account, an unguessable token of which only the SHA-256 is kept, valid until
 * `expires_at`. A new assignment or an unassignment revokes it; a decline closes it; after the work
 * is done it reads only. The property scope is a policy through the request.
 */
export const maintenanceVendorLinks = pgTable(
  "maintenance_vendor_links",
  {
    organizationId: organizationId(),
    id: uuid("id").notNull().defaultRandom(),
    requestId: uuid("request_id").notNull(),
    vendorId: uuid("vendor_id").notNull(),
    /** The work order the link is for (its instructions and not-to-exceed show on the vendor's page). */
    workOrderId: uuid("work_order_id"),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "string" }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true, mode: "string" }),
    declinedAt: timestamp("declined_at", { withTimezone: true, mode: "string" }),
    declineReason: text("decline_reason"),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "string" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "string" }),
    createdBy: integer("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("maintenance_vendor_links_token_key").on(t.tokenHash),
    index("maintenance_vendor_links_org_request_idx").on(t.organizationId, t.requestId),
    foreignKey({
      columns: [t.organizationId, t.requestId],
      foreignColumns: [maintenanceRequests.organizationId, maintenanceRequests.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.vendorId],
      foreignColumns: [vendors.organizationId, vendors.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.workOrderId],
      foreignColumns: [maintenanceWorkOrders.organizationId, maintenanceWorkOrders.id],
    }).onDelete("cascade"),
    tenantPolicy(),
  ],
);

/** The last request number each organization gave: the next is taken by one locked update. */
export const maintenanceRequestNumbers = pgTable(
  "maintenance_request_numbers",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    lastNo: bigint("last_no", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId] }), tenantPolicy()],
);
