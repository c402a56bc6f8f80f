import type { Tx } from "../db/client.ts";
import { type AuditChanges, auditLog } from "../db/schema/index.ts";
import type { AuthContext } from "./auth-context.ts";
import { unauthenticated } from "./http-error.ts";

/** The audited record kinds, as stored in audit_log.entity. */
export type AuditEntity =
  | "accounting_period"
  | "application"
  | "bank_account"
  | "building"
  | "floor_plan"
  | "lease"
  | "ledger_account"
  | "organization"
  | "property"
  | "staff"
  | "tenant"
  | "unit"
  | "user"
  | "vendor"
  | "zone";

/** A form field's value as audited: pg numerics must already be numbers, so 2.5 and "2.50" never differ. */
export type AuditValue = string | number | boolean | null;
export type AuditedFields = Record<string, AuditValue>;

/** Who makes an audited change, and in which organization. */
export interface Actor {
  orgId: string;
  userId: number;
}

export function actorOf(auth: AuthContext | null): Actor {
  if (!auth) throw unauthenticated();
  return { orgId: auth.orgId, userId: auth.userId };
}

export type AuditEvent =
  | { action: "create"; entityId: number | string; after: AuditedFields }
  | { action: "update"; entityId: number | string; before: AuditedFields; after: AuditedFields }
  | { action: "delete"; entityId: number | string; before: AuditedFields }
  | { action: "restore"; entityId: number | string; after: AuditedFields };

/** Field-level changes of one event: every field for a create, delete or restore, only the changed ones for an update. */
export function auditChanges(event: AuditEvent): AuditChanges {
  const changes: AuditChanges = {};
  if (event.action === "create" || event.action === "restore") {
    for (const [field, to] of Object.entries(event.after)) changes[field] = { from: null, to };
  } else if (event.action === "delete") {
    for (const [field, from] of Object.entries(event.before)) changes[field] = { from, to: null };
  } else {
    for (const [field, to] of Object.entries(event.after)) {
      const from = event.before[field] ?? null;
      if (from !== to) changes[field] = { from, to };
    }
  }
  return changes;
}

/**
 * Writes the audit rows of a change with the change's own transaction, so a change that rolls back
 * leaves no history and a committed one always has it. An update that changed nothing writes no row.
 * Returns the number of rows written.
 */
export async function writeAudit(tx: Tx, actor: Actor, entity: AuditEntity, events: AuditEvent[]): Promise<number> {
  const rows = events
    .map((event) => ({
      organizationId: actor.orgId,
      entity,
      entityId: String(event.entityId),
      action: event.action,
      changedBy: actor.userId,
      changes: auditChanges(event),
    }))
    .filter((row) => Object.keys(row.changes).length > 0);
  if (rows.length === 0) return 0;
  await tx.insert(auditLog).values(rows);
  return rows.length;
}
