import { type FloorPlanRecord, floorPlanMessages } from "@keyholder/contracts/floor-plans";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { floorPlans } from "../../db/schema/index.ts";
import { notFound } from "../../lib/http-error.ts";
import { floorPlanRecordColumns, toFloorPlanRecord } from "./floor-plan-record.ts";

/** One of the organization's floor plans, as stored (a unit form fills its rooms and size from it). */
export async function getFloorPlan(tx: Tx, orgId: string, id: number): Promise<FloorPlanRecord> {
  const [row] = await tx
    .select(floorPlanRecordColumns)
    .from(floorPlans)
    .where(and(eq(floorPlans.organizationId, orgId), eq(floorPlans.id, id)));
  if (!row) throw notFound(floorPlanMessages.notFound);
  return toFloorPlanRecord(row);
}
