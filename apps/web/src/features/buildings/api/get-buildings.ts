import { type BuildingRow, buildingListSchema } from "@keyholder/contracts/buildings";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";
import { rememberPropertyName } from "../../../lib/property-names.ts";

export const BUILDINGS_QUERY_KEY = "building-table-";

/** Names of the zones seen in loaded rows, so the History dialog can show names, not ids. */
export const zoneNames = new Map<number, string>();

export async function getBuildings(request: PageRequest): Promise<Page<BuildingRow>> {
  const page = await api("/buildings/details", {
    query: listQueryParams(request),
    schema: buildingListSchema,
    signal: request.signal,
  });
  for (const b of page.buildings) {
    rememberPropertyName(b.property_id, b.property_name);
    if (b.zone_id !== null && b.zone_name !== null) zoneNames.set(b.zone_id, b.zone_name);
  }
  return { rows: page.buildings, offset: page.offset, count: page.count, total: page.total_count };
}
