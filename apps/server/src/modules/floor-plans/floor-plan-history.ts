import { floorPlanMessages } from "@keyholder/contracts/floor-plans";
import type { HistoryEntry } from "@keyholder/contracts/history";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { floorPlans } from "../../db/schema/index.ts";
import { notFound } from "../../lib/http-error.ts";
import { listHistory } from "../history/list-history.ts";

/**
 * A floor plan's history, still readable after the plan is deleted; a plan that exists but predates
 * auditing (imported or demo data) has an empty history rather than none.
 */
export async function floorPlanHistory(tx: Tx, orgId: string, id: number): Promise<{ history: HistoryEntry[] }> {
  const history = await listHistory(tx, { orgId, entity: "floor_plan", entityId: id });
  if (history.length === 0) {
    const [row] = await tx
      .select({ id: floorPlans.id })
      .from(floorPlans)
      .where(and(eq(floorPlans.organizationId, orgId), eq(floorPlans.id, id)));
    if (!row) throw notFound(floorPlanMessages.notFound);
  }
  return { history };
}
