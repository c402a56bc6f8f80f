import type { HistoryEntry } from "@keyholder/contracts/history";
import { displayName } from "@keyholder/contracts/people";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import type { AuditEntity } from "../../lib/audit.ts";

interface HistoryRow extends Record<string, unknown> {
  id: number | string;
  action: HistoryEntry["action"];
  changed_at: string | Date;
  changes: HistoryEntry["changes"] | string;
  user_id: number | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
}

/**
 * The audit trail of one record, newest first (the audit id breaks ties within one transaction),
 * with who made each change resolved to a name in one query. A user since removed reads as null.
 */
export async function listHistory(
  tx: Tx,
  q: { orgId: string; entity: AuditEntity; entityId: number | string },
): Promise<HistoryEntry[]> {
  const { rows } = (await tx.execute(sql`
    select a.id, a.action, a.changed_at, a.changes,
      u.id as user_id, u.username, p.first_name, p.last_name, p.preferred_name
    from audit_log a
    left join users u on u.organization_id = a.organization_id and u.id = a.changed_by
    left join persons p on p.organization_id = u.organization_id and p.id = u.person_id
    where a.organization_id = ${q.orgId} and a.entity = ${q.entity} and a.entity_id = ${String(q.entityId)}
    order by a.changed_at desc, a.id desc`)) as unknown as { rows: HistoryRow[] };
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    changed_at: new Date(r.changed_at).toISOString(),
    changed_by: r.user_id === null ? null : { id: Number(r.user_id), name: userName(r) },
    changes: typeof r.changes === "string" ? JSON.parse(r.changes) : r.changes,
  }));
}

/** The person's display name, else the login name for a user without a person record. */
export function userName(r: {
  user_id: number | string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
}) {
  const person =
    r.first_name === null
      ? null
      : { first_name: r.first_name, last_name: r.last_name ?? "", preferred_name: r.preferred_name };
  return displayName(person) || r.username || `User ${r.user_id}`;
}
