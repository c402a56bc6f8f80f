import type { HistoryEntry } from "@keyholder/contracts/history";
import { and, eq } from "drizzle-orm";
import type { AnyPgColumn, AnyPgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client.ts";
import type { AuditEntity } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { listHistory } from "./list-history.ts";

/**
 * A record's history as GET /{entities}/{id}/history answers it, still readable after the record is
 * deleted; a record that exists but predates auditing (imported or demo data) has an empty history
 * rather than none, and an id the organization never had answers 404 with `notFoundMessage`.
 */
export async function recordHistory(
  tx: Tx,
  q: {
    orgId: string;
    entity: AuditEntity;
    id: number;
    table: AnyPgTable & { organizationId: AnyPgColumn; id: AnyPgColumn };
    notFoundMessage: string;
  },
): Promise<{ history: HistoryEntry[] }> {
  const history = await listHistory(tx, { orgId: q.orgId, entity: q.entity, entityId: q.id });
  if (history.length === 0) {
    const [row] = await tx
      .select({ id: q.table.id })
      .from(q.table)
      .where(and(eq(q.table.organizationId, q.orgId), eq(q.table.id, q.id)));
    if (!row) throw notFound(q.notFoundMessage);
  }
  return { history };
}
