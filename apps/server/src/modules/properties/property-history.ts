import type { HistoryEntry } from "@keyholder/contracts/history";
import { propertyMessages } from "@keyholder/contracts/properties";
import { sql } from "drizzle-orm";
import { isScoped, type Tx } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { listHistory } from "../history/list-history.ts";

/** A property's history, still readable after it is deleted; one that predates auditing has an empty one. */
export async function propertyHistory(tx: Tx, orgId: string, id: string): Promise<{ history: HistoryEntry[] }> {
  const history = await listHistory(tx, { orgId, entity: "property", entityId: id });
  if (history.length === 0 || isScoped(tx)) {
    const { rows } = (await tx.execute(sql`select 1 from properties where id = ${id}`)) as unknown as {
      rows: unknown[];
    };
    if (rows.length === 0) throw notFound(propertyMessages.notFound);
  }
  return { history };
}
