import type { HistoryEntry } from "@keyholder/contracts/history";
import { and, eq } from "drizzle-orm";
import type { AnyPgColumn, AnyPgTable } from "drizzle-orm/pg-core";
import { isScoped, type Tx } from "../../db/client.ts";
import type { AuditEntity } from "../../lib/audit.ts";
import { notFound } from "../../lib/http-error.ts";
import { listHistory } from "./list-history.ts";

/**
 * A record's history as its History dialog reads it: still readable after the record is deleted;
 * a record that exists but predates auditing (imported or demo data) has an empty history rather
 * than none; a record the organization never had is a 404 with the record's own message.
 */
export async function recordHistory(
  tx: Tx,
  q: { orgId: string; entity: AuditEntity; entityId: number | string },
  record: { table: AnyPgTable & { organizationId: AnyPgColumn }; id: AnyPgColumn; notFound: string },
): Promise<{ history: HistoryEntry[] }> {
  const history = await listHistory(tx, q);
  // Someone who works on some properties reads the history of the records they can see, no other.
  if (history.length === 0 || isScoped(tx)) {
    const [row] = await tx
      .select({ id: record.id })
      .from(record.table)
      .where(and(eq(record.table.organizationId, q.orgId), eq(record.id, q.entityId)));
    if (!row) throw notFound(record.notFound);
  }
  return { history };
}
