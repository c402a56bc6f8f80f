import { type BuildingRow, buildingListSchema } from "@keyholder/contracts/buildings";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";
import { rememberPropertyName } from "../../../lib/property-names.ts";

export const BUILDINGS_QUERY_KEY = "building-table-";

export async function getBuildings(request: PageRequest): Promise<Page<BuildingRow>> {
  const page = await api("/buildings/details", {
    query: listQueryParams(request),
    schema: buildingListSchema,
    signal: request.signal,
  });
  for (const b of page.buildings) rememberPropertyName(b.property_id, b.property_name);
  return { rows: page.buildings, offset: page.offset, count: page.count, total: page.total_count };
}
