import { type UnitRow, unitRowSchema } from "@keyholder/contracts/units";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";

export const UNITS_QUERY_KEY = "unit-table-";

/** Names of the properties, buildings and floor plans seen in loaded rows, so History shows names, not ids. */
export const linkedNames = {
  property: new Map<string, string>(),
  building: new Map<string, string>(),
  floorPlan: new Map<string, string>(),
};

/** GET /api/v1/units: one page of the grid (spec records 7). */
export async function getUnits(request: PageRequest): Promise<Page<UnitRow>> {
  const page = await getRowsPage<UnitRow>("/units", request, unitRowSchema);
  for (const u of page.rows) {
    linkedNames.property.set(u.property_id, u.property_name);
    if (u.building_id !== null && u.building_name) linkedNames.building.set(String(u.building_id), u.building_name);
    if (u.floor_plan_id !== null && u.floor_plan_name) {
      linkedNames.floorPlan.set(String(u.floor_plan_id), u.floor_plan_name);
    }
  }
  return page;
}
