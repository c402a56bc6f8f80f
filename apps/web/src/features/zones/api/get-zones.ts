import { type ZoneRow, zoneListSchema } from "@keyholder/contracts/zones";
import { listQueryParams } from "../../../components/data-table/list-request.ts";
import type { Page, PageRequest } from "../../../components/data-table/types.ts";
import { api } from "../../../lib/api-client.ts";
import { rememberPropertyName } from "../../../lib/property-names.ts";

export const ZONES_QUERY_KEY = "zone-table-";

export async function getZones(request: PageRequest): Promise<Page<ZoneRow>> {
  const page = await api("/zones", { query: listQueryParams(request), schema: zoneListSchema, signal: request.signal });
  for (const z of page.zones) rememberPropertyName(z.property_id, z.property.name);
  return { rows: page.zones, offset: page.offset, count: page.count, total: page.total_count };
}
