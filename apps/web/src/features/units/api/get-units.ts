import { type UnitRow, unitListSchema } from "@keyholder/contracts/units";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";

export const UNITS_QUERY_KEY = "unit-table-";

/** Names of the properties, buildings and floor plans seen in loaded rows, so History shows names, not ids. */
export const linkedNames = {
  property: new Map<string, string>(),
  building: new Map<string, string>(),
  floorPlan: new Map<string, string>(),
};

/** GET /api/v1/units: one page of the grid (spec records 7). */
export async function getUnits(request: PageRequest): Promise<Page<UnitRow>> {
  const page = await api("/units", { query: listQueryParams(request), schema: unitListSchema, signal: request.signal });
  for (const u of page.units) {
    linkedNames.property.set(u.property_id, u.property_name);
    if (u.building_id !== null && u.building_name) linkedNames.building.set(String(u.building_id), u.building_name);
    if (u.floor_plan_id !== null && u.floor_plan_name) {
      linkedNames.floorPlan.set(String(u.floor_plan_id), u.floor_plan_name);
    }
  }
  return { rows: page.units, offset: page.offset, count: page.count, total: page.total_count };
}
