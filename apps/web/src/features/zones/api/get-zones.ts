import { type ZoneRow, zoneRowSchema } from "@keyholder/contracts/zones";
import { getRowsPage } from "../../../components/data-table/get-rows-page.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { rememberPropertyName } from "../../../lib/property-names.ts";

export const ZONES_QUERY_KEY = "zone-table-";

export async function getZones(request: PageRequest): Promise<Page<ZoneRow>> {
  const page = await getRowsPage<ZoneRow>("/zones", request, zoneRowSchema);
  for (const z of page.rows) rememberPropertyName(z.property_id, z.property.name);
  return page;
}
