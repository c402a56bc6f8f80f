import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";

/** Field-level change: { field: { from, to } }. */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

/** Who changed which record, when, and what changed; written in the same transaction as the change. */
export const auditLog = pgTable(
  "audit_log",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    /** create | update | delete */
    action: text("action").notNull(),
    changedBy: integer("changed_by"),
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    changes: jsonb("changes").$type<AuditChanges>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("audit_log_entity_idx").on(t.organizationId, t.entity, t.entityId, t.changedAt),
    // The latest changes first (the assistant's "what changed recently"), without sorting the whole log.
    index("audit_log_org_changed_idx").on(t.organizationId, t.changedAt, t.id),
    tenantPolicy(),
  ],
);

/**
 * What a delete removed, kept so Undo can put it back: the row as it was (to_jsonb of the table's
 * row) and the rows that pointed at it, which the delete unlinked (units; a zone's buildings). Kept
 * for a while, then purged.
 */
export const deletedRecords = pgTable(
  "deleted_records",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    /** building | floor_plan | zone */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    record: jsonb("record").$type<Record<string, unknown>>().notNull(),
    unitIds: bigint("unit_ids", { mode: "number" }).array().notNull().default(sql`'{}'`),
    deletedBy: integer("deleted_by"),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("deleted_records_entity_idx").on(t.organizationId, t.entity, t.entityId, t.deletedAt),
    index("deleted_records_age_idx").on(t.organizationId, t.deletedAt),
    tenantPolicy(),
  ],
);
