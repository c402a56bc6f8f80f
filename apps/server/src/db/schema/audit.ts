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
    tenantPolicy(),
  ],
);
