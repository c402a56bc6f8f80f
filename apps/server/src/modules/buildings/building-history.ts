import { buildingMessages } from "@keyholder/contracts/buildings";
import type { HistoryEntry } from "@keyholder/contracts/history";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { buildings } from "../../db/schema/index.ts";
import { notFound } from "../../lib/http-error.ts";
import { listHistory } from "../history/list-history.ts";

/**
 * A building's history, still readable after the building is deleted; a building that exists but
 * predates auditing (imported or demo data) has an empty history rather than none.
 */
export async function buildingHistory(tx: Tx, orgId: string, id: number): Promise<{ history: HistoryEntry[] }> {
  const history = await listHistory(tx, { orgId, entity: "building", entityId: id });
  if (history.length === 0) {
    const [row] = await tx
      .select({ id: buildings.id })
      .from(buildings)
      .where(and(eq(buildings.organizationId, orgId), eq(buildings.id, id)));
    if (!row) throw notFound(buildingMessages.notFound);
  }
  return { history };
}
