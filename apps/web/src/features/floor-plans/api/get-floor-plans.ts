import { type FloorPlanRow, floorPlanListSchema } from "@keyholder/contracts/floor-plans";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";
import { rememberPropertyName } from "../../../lib/property-names.ts";

export const FLOOR_PLANS_QUERY_KEY = "floor-plan-table-";

export async function getFloorPlans(request: PageRequest): Promise<Page<FloorPlanRow>> {
  const page = await api("/floor-plans", {
    query: listQueryParams(request),
    schema: floorPlanListSchema,
    signal: request.signal,
  });
  for (const fp of page.floor_plans) rememberPropertyName(fp.property_id, fp.property_name);
  return { rows: page.floor_plans, offset: page.offset, count: page.count, total: page.total_count };
}
