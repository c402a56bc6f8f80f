import { type BuildingRow, buildingRowSchema } from "@keyholder/contracts/buildings";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { rememberPropertyName } from "../../../lib/property-names.ts";

export const BUILDINGS_QUERY_KEY = "building-table-";

/** Names of the zones seen in loaded rows, so the History dialog can show names, not ids. */
export const zoneNames = new Map<number, string>();

export async function getBuildings(request: PageRequest): Promise<Page<BuildingRow>> {
  const page = await getRowsPage<BuildingRow>("/buildings/details", request, buildingRowSchema);
  for (const b of page.rows) {
    rememberPropertyName(b.property_id, b.property_name);
    if (b.zone_id !== null && b.zone_name !== null) zoneNames.set(b.zone_id, b.zone_name);
  }
  return page;
}
