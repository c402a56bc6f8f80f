import { type FloorPlanRow, floorPlanRowSchema } from "@keyholder/contracts/floor-plans";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { rememberPropertyName } from "../../../lib/property-names.ts";

export const FLOOR_PLANS_QUERY_KEY = "floor-plan-table-";

export async function getFloorPlans(request: PageRequest): Promise<Page<FloorPlanRow>> {
  const page = await getRowsPage<FloorPlanRow>("/floor-plans", request, floorPlanRowSchema);
  for (const fp of page.rows) rememberPropertyName(fp.property_id, fp.property_name);
  return page;
}
